// Stylesheets mean nothing to jsdom.
export default {};
