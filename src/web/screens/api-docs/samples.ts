import type { Endpoint } from './model';

/** Integration code generated per endpoint: curl, JavaScript (fetch), Kotlin (OkHttp), Swift (URLSession). */

export const SAMPLE_LANGUAGES = ['curl', 'JavaScript', 'Kotlin', 'Swift'] as const;
export type SampleLanguage = (typeof SAMPLE_LANGUAGES)[number];

interface Call {
  method: string;
  url: string;
  headers: [string, string][];
  json?: string;
  files?: string[];
}

/** The call an example makes: path parameters filled with 1, required query parameters as placeholders. */
export function callOf(endpoint: Endpoint, origin: string): Call {
  const path = endpoint.path.replace(/\{(\w+)\}/g, '1');
  const query = endpoint.parameters
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(`<${p.name}>`)}`)
    .join('&');
  const headers: [string, string][] = [];
  if (endpoint.access === 'admin') headers.push(['Cookie', 'nazenk_session=<session>']);
  if (endpoint.access === 'appUser' || endpoint.access === 'appUserOrAdmin')
    headers.push(['Authorization', 'Bearer <access token>']);
  const call: Call = { method: endpoint.method, url: `${origin}${path}${query ? `?${query}` : ''}`, headers };
  if (endpoint.body?.kind === 'json') {
    headers.push(['Content-Type', 'application/json']);
    call.json = JSON.stringify(endpoint.body.example ?? {}, null, 2);
  }
  if (endpoint.body?.kind === 'multipart') call.files = endpoint.body.fields;
  return call;
}

const q = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;
const str = (s: string) => JSON.stringify(s);
const indent = (text: string, by: string) => text.replaceAll('\n', `\n${by}`);

function curl(c: Call): string {
  const lines = [`curl -X ${c.method} ${q(c.url)}`];
  for (const [k, v] of c.headers) lines.push(`  -H ${q(`${k}: ${v}`)}`);
  if (c.json) lines.push(`  -d ${q(c.json)}`);
  for (const f of c.files ?? []) lines.push(`  -F ${q(`${f}=@/path/to/file`)}`);
  return lines.join(' \\\n');
}

function javascript(c: Call): string {
  const headers = c.headers.map(([k, v]) => `    ${str(k)}: ${str(v)},`).join('\n');
  const lines: string[] = [];
  if (c.files) {
    lines.push('const form = new FormData();');
    for (const f of c.files) lines.push(`form.append(${str(f)}, fileInput.files[0]);`);
  }
  lines.push(`const response = await fetch(${str(c.url)}, {`, `  method: ${str(c.method)},`);
  if (headers) lines.push('  headers: {', headers, '  },');
  if (c.json) lines.push(`  body: JSON.stringify(${indent(c.json, '  ')}),`);
  if (c.files) lines.push('  body: form,');
  lines.push('});', 'const data = await response.json();');
  return lines.join('\n');
}

function kotlin(c: Call): string {
  const lines = ['val client = OkHttpClient()'];
  let body = 'null';
  if (c.json) {
    lines.push(`val json = """\n${c.json}\n""".trimIndent()`);
    body = 'json.toRequestBody("application/json".toMediaType())';
  } else if (c.files) {
    lines.push('val form = MultipartBody.Builder().setType(MultipartBody.FORM)');
    for (const f of c.files) lines.push(`    .addFormDataPart(${str(f)}, file.name, file.asRequestBody())`);
    lines.push('    .build()');
    body = 'form';
  } else if (c.method !== 'GET' && c.method !== 'DELETE') body = 'ByteArray(0).toRequestBody()';
  lines.push('val request = Request.Builder()', `    .url(${str(c.url)})`);
  for (const [k, v] of c.headers) if (k !== 'Content-Type') lines.push(`    .header(${str(k)}, ${str(v)})`);
  lines.push(`    .method(${str(c.method)}, ${body})`, '    .build()');
  lines.push(
    'client.newCall(request).execute().use { response ->',
    '    println(response.body?.string())',
    '}',
  );
  return lines.join('\n');
}

function swift(c: Call): string {
  const lines = [
    `var request = URLRequest(url: URL(string: ${str(c.url)})!)`,
    `request.httpMethod = ${str(c.method)}`,
  ];
  for (const [k, v] of c.headers) lines.push(`request.setValue(${str(v)}, forHTTPHeaderField: ${str(k)})`);
  if (c.json) lines.push(`request.httpBody = """\n${c.json}\n""".data(using: .utf8)`);
  if (c.files) {
    lines.push(
      'let boundary = UUID().uuidString',
      'request.setValue("multipart/form-data; boundary=\\(boundary)", forHTTPHeaderField: "Content-Type")',
      'var body = Data()',
    );
    for (const f of c.files) {
      lines.push(
        'body.append("--\\(boundary)\\r\\n".data(using: .utf8)!)',
        `body.append("Content-Disposition: form-data; name=\\"${f}\\"; filename=\\"\\(fileURL.lastPathComponent)\\"\\r\\n\\r\\n".data(using: .utf8)!)`,
        'body.append(try Data(contentsOf: fileURL))',
        'body.append("\\r\\n".data(using: .utf8)!)',
      );
    }
    lines.push('body.append("--\\(boundary)--\\r\\n".data(using: .utf8)!)', 'request.httpBody = body');
  }
  lines.push(
    'let (data, response) = try await URLSession.shared.data(for: request)',
    'print((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))',
  );
  return lines.join('\n');
}

const GENERATORS: Record<SampleLanguage, (c: Call) => string> = {
  curl,
  JavaScript: javascript,
  Kotlin: kotlin,
  Swift: swift,
};

export function codeSample(endpoint: Endpoint, origin: string, language: SampleLanguage): string {
  return GENERATORS[language](callOf(endpoint, origin));
}
