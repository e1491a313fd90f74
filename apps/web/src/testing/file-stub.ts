// What `import url from './picture.svg'` gives in tests: a stable URL string.
export default '/test-file-stub.svg';
