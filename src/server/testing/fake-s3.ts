import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local S3-compatible server for tests: path-style PUT, GET, HEAD and DELETE of objects in one bucket, over real
 * HTTP. Signatures are not verified, but every request must carry a SigV4 Authorization header for the access key.
 */
export async function startFakeS3(options: { bucket: string; accessKeyId: string }) {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: { method: string; path: string }[] = [];

  const xmlError = (response: ServerResponse, status: number, code: string, message: string) => {
    response.writeHead(status, { 'content-type': 'application/xml' });
    response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
  };

  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    return request.headers['content-encoding']?.includes('aws-chunked') ? decodeAwsChunked(body) : body;
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    requests.push({ method: request.method ?? '', path: url.pathname });
    const authorization = request.headers.authorization ?? '';
    if (!authorization.startsWith(`AWS4-HMAC-SHA256 Credential=${options.accessKeyId}/`)) {
      return xmlError(response, 403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    }
    if (bucket !== options.bucket) return xmlError(response, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    if (request.method === 'PUT') {
      const body = await readBody(request);
      objects.set(key, { body, contentType: request.headers['content-type'] ?? 'application/octet-stream' });
      response.writeHead(200, { etag: '"fake"' });
      return response.end();
    }
    if (request.method === 'DELETE') {
      objects.delete(key);
      response.writeHead(204);
      return response.end();
    }
    const object = objects.get(key);
    if (!object) return xmlError(response, 404, 'NoSuchKey', 'The specified key does not exist.');
    response.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length });
    return response.end(request.method === 'HEAD' ? undefined : object.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** 'aws-chunked' bodies: '<hex size>;chunk-signature=...\r\n<data>\r\n' ... '0;...\r\n' plus optional trailers. */
function decodeAwsChunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset < body.length) {
    const lineEnd = body.indexOf('\r\n', offset);
    if (lineEnd === -1) break;
    const size = parseInt(body.subarray(offset, lineEnd).toString('latin1').split(';')[0]!, 16);
    if (!size) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
