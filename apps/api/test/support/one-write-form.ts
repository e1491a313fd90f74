/** A file part of a form: its field, its name, its bytes and their type. */
export interface FormFile {
  field: string;
  filename: string;
  bytes: Uint8Array;
  contentType?: string;
}

/**
 * A multipart form encoded whole (the platform's FormData, as a browser builds it), to send as one buffer with
 * `.set('Content-Type', contentType).send(body)`: the request's headers and body then go out in one write. For the
 * refusals: a guard answers before the body is read and the server then closes the connection, so a form streamed
 * part by part (supertest's `.field()` and `.attach()`) may still be writing and see EPIPE instead of the answer.
 */
export async function encodeForm(
  fields: Record<string, string | number>,
  files: FormFile[] = [],
): Promise<{ contentType: string; body: Buffer }> {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, String(value));
  for (const file of files)
    data.append(file.field, new Blob([file.bytes], { type: file.contentType ?? 'application/octet-stream' }), file.filename);
  const encoded = new Response(data);
  return { contentType: encoded.headers.get('content-type')!, body: Buffer.from(await encoded.arrayBuffer()) };
}
