// What API Gateway HTTP APIs and Lambda Function URLs hand a function (payload format 2.0), made from a Request, and
// what they make of its result: the shapes of @types/aws-lambda, as AWS documents them (cookies moved out of the
// headers, repeated headers joined with commas, the raw path and query kept, binary bodies base64).
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

export type Front = 'http-api' | 'function-url';

/** The host each front answers on, as deployed. */
export const FRONT_HOSTS: Record<Front, string> = {
  'http-api': 'a1b2c3d4e5.execute-api.eu-west-1.amazonaws.com',
  'function-url': 'abcdefghijklmnopqrstuvwxyz012345.lambda-url.eu-west-1.on.aws',
};

export async function toEvent(request: Request, front: Front, host = FRONT_HOSTS[front]): Promise<APIGatewayProxyEventV2> {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  request.headers.forEach((value, key) => {
    if (key === 'cookie') cookies.push(...value.split(/;\s*/));
    else headers[key] = value;
  });
  headers.host = host;
  headers['x-forwarded-proto'] = 'https';
  headers['x-forwarded-for'] = '198.51.100.7';
  const raw = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const routeKey = front === 'function-url' ? '$default' : `${request.method} /{proxy+}`;
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies.length ? { cookies } : {}),
    headers,
    ...(url.search ? { queryStringParameters: Object.fromEntries(url.searchParams) } : {}),
    requestContext: {
      accountId: front === 'function-url' ? 'anonymous' : '123456789012',
      apiId: host.split('.')[0],
      domainName: host,
      domainPrefix: host.split('.')[0],
      http: { method: request.method, path: url.pathname, protocol: 'HTTP/1.1', sourceIp: '198.51.100.7', userAgent: 'platform-test' },
      requestId: `r-${Math.random().toString(36).slice(2)}`,
      routeKey,
      stage: '$default',
      time: '27/Nov/2026:15:00:00 +0000',
      timeEpoch: Date.now(),
    },
    // A JSON body arrives as text; API Gateway base64-encodes what it does not take for text.
    ...(raw ? { body: raw.toString('utf8'), isBase64Encoded: false } : { isBase64Encoded: false }),
  };
}

export function toResponse(result: APIGatewayProxyStructuredResultV2): Response {
  const headers = new Headers();
  for (const [key, value] of Object.entries(result.headers ?? {})) headers.set(key, String(value));
  for (const cookie of result.cookies ?? []) headers.append('set-cookie', cookie);
  const body = result.body === undefined ? null : result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body;
  const status = result.statusCode ?? 200;
  return new Response([204, 304].includes(status) ? null : body, { status, headers });
}

export function lambdaContext(): Context {
  const deadline = Date.now() + 30_000;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: 'weather',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:weather',
    memoryLimitInMB: '512',
    awsRequestId: 'req-1',
    logGroupName: '/aws/lambda/weather',
    logStreamName: 'stream',
    getRemainingTimeInMillis: () => deadline - Date.now(),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
