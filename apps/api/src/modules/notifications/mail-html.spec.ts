import { mailHtml } from './mail-html.js';

describe('mailHtml', () => {
  it('heads the text with the shop name and keeps its lines', () => {
    const html = mailHtml('Tee & Co', 'Hello Sam,\n\nThank you.');
    expect(html).toContain('<h1 style="font-size:20px;margin:0 0 16px">Tee &amp; Co</h1>');
    expect(html).toContain('white-space:pre-wrap');
    expect(html).toContain('Hello Sam,\n\nThank you.');
  });

  it('escapes everything that comes from the text', () => {
    const html = mailHtml('Shop', 'Name: <img src=x onerror=alert(1)> "quoted" & \'single\'');
    expect(html).not.toContain('<img');
    expect(html).toContain('Name: &lt;img src=x onerror=alert(1)&gt; &quot;quoted&quot; &amp; &#39;single&#39;');
  });

  it('makes links clickable, without the sentence punctuation after them', () => {
    const html = mailHtml('Shop', 'Open https://shop.example/order?a=1&b=2. Or http://x.example/y');
    expect(html).toContain('<a href="https://shop.example/order?a=1&amp;b=2">https://shop.example/order?a=1&amp;b=2</a>.');
    expect(html).toContain('<a href="http://x.example/y">http://x.example/y</a>');
  });

  it('links nothing that is not http(s)', () => {
    expect(mailHtml('Shop', 'javascript:alert(1) and ftp://x.example')).not.toContain('<a ');
  });
});
