const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => ESCAPES[character]);

/** http(s) links in already escaped text (an escaped `&amp;` stays inside its link). */
const LINK = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/**
 * The HTML part of a mail, made from its plain text, so the two always say the same: the shop's name as a heading,
 * the text as written (line breaks kept), links clickable. Everything from the text is escaped: a product or buyer
 * name holding markup stays text.
 */
export function mailHtml(shopName: string, text: string): string {
  const body = escapeHtml(text).replace(LINK, (url) => `<a href="${url}">${url}</a>`);
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(shopName)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f6f6f6;font-family:-apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#212529">',
    '<div style="max-width:600px;margin:0 auto;background:#fff;border-radius:6px;padding:24px">',
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(shopName)}</h1>`,
    `<div style="white-space:pre-wrap;font-size:15px;line-height:1.5">${body}</div>`,
    '</div></body></html>',
  ].join('\n');
}
