// index.html's script: the stylesheet (index.html links it), then the app (main.tsx, in the home chunk) and the
// page's own chunks once the server-rendered page's largest photo has painted. The page is already readable from
// the server's HTML; the photo goes first, the app's 87 kB after it (docs/performance.md, Lighthouse). A page the
// browser renders (no photo in it) starts the app at once. Whatever this file imports stays out of the home chunk
// (build/home-chunk.ts).
import './styles/bootstrap.scss';
import '@/styles.css';
import { afterLargestPhoto } from '@/lib/after-largest-photo';
import { hintPageModules } from '@/lib/page-modules';

void afterLargestPhoto(document).then(() => {
  hintPageModules(document);
  return import('./main');
});
