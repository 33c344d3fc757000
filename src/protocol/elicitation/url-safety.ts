/**
 * Consent-screen analysis of a URL-mode elicitation URL (mrtr-wire.md section 5). Pure: parses with WHATWG `URL`,
 * never fetches. `ok: false` means the client must refuse to open the URL at all.
 */
import { hostToUnicode, isMixedScript } from './punycode.ts';

export type UrlWarningCode =
  | 'punycode'
  | 'mixed-script'
  | 'plain-http'
  | 'credentials'
  | 'non-http-scheme'
  | 'ip-address'
  | 'unparseable'
  | 'whitespace';

interface UrlWarning {
  code: UrlWarningCode;
  message: string;
}

interface DomainHighlight {
  before: string;
  domain: string;
  after: string;
}

export interface UrlAssessment {
  /** false = refuse to open (unparseable, or not http/https). */
  ok: boolean;
  /** The normalised URL that would be opened; present only when `ok`. */
  href?: string;
  /** Lower-case scheme without the colon (`https`), or `''` when unparseable. */
  scheme: string;
  /** ASCII hostname (punycode form, IPv6 in brackets), without port; `''` when there is none. */
  host: string;
  /** The hostname as a user would read it, when it differs from `host` (IDN). */
  unicodeHost?: string;
  /** The full URL text split around the registrable domain, for highlighting. Concatenated it is the full URL. */
  registrableDomainHighlight: DomainHighlight;
  warnings: UrlWarning[];
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Multi-label public suffixes the heuristic knows. Without the full Public Suffix List the registrable domain is the
 * last two labels, or the last three under one of these.
 */
const MULTI_LABEL_SUFFIXES = new Set([
  'co.uk',
  'org.uk',
  'ac.uk',
  'gov.uk',
  'me.uk',
  'ltd.uk',
  'plc.uk',
  'net.uk',
  'com.au',
  'net.au',
  'org.au',
  'edu.au',
  'gov.au',
  'co.nz',
  'org.nz',
  'co.jp',
  'ne.jp',
  'or.jp',
  'ac.jp',
  'co.kr',
  'or.kr',
  'com.br',
  'com.cn',
  'net.cn',
  'org.cn',
  'com.tw',
  'com.hk',
  'com.sg',
  'com.mx',
  'com.ar',
  'com.tr',
  'co.in',
  'co.za',
  'co.il',
  'com.ua',
  'github.io',
  'gitlab.io',
  'pages.dev',
  'workers.dev',
  'vercel.app',
  'netlify.app',
  'herokuapp.com',
  'azurewebsites.net',
  'cloudfront.net',
  'appspot.com',
  'blogspot.com',
  'web.app',
  'firebaseapp.com',
]);

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

function isIpHost(hostname: string): boolean {
  return IPV4.test(hostname) || hostname.startsWith('[');
}

/** The registrable domain ("eTLD+1") of an ASCII hostname, by heuristic; IPs and single labels are returned whole. */
export function registrableDomain(hostname: string): string {
  if (hostname === '' || isIpHost(hostname)) return hostname;
  const trailingDot = hostname.endsWith('.');
  const labels = (trailingDot ? hostname.slice(0, -1) : hostname).split('.');
  if (labels.length <= 2) return hostname;
  const lastTwo = labels.slice(-2).join('.');
  const take = MULTI_LABEL_SUFFIXES.has(lastTwo.toLowerCase()) ? 3 : 2;
  return labels.slice(-take).join('.') + (trailingDot ? '.' : '');
}

function highlight(href: string, url: URL, domain: string): DomainHighlight {
  const userinfo = url.username || url.password ? `${url.username}${url.password ? ':' + url.password : ''}@` : '';
  let hostStart = url.protocol.length + 2 + userinfo.length;
  if (!href.startsWith(url.hostname, hostStart)) hostStart = href.indexOf(url.hostname, url.protocol.length);
  if (hostStart < 0 || domain === '') return { before: href, domain: '', after: '' };
  const domainStart = hostStart + url.hostname.length - domain.length;
  const domainEnd = hostStart + url.hostname.length;
  return {
    before: href.slice(0, domainStart),
    domain: href.slice(domainStart, domainEnd),
    after: href.slice(domainEnd),
  };
}

function refuse(raw: string, scheme: string, host: string, warnings: UrlWarning[]): UrlAssessment {
  return { ok: false, scheme, host, registrableDomainHighlight: { before: raw, domain: '', after: '' }, warnings };
}

/** Assesses `raw` for the URL-mode consent card. */
export function assessElicitationUrl(raw: string): UrlAssessment {
  const warnings: UrlWarning[] = [];
  if (raw.trim() !== raw || /[\t\n\r]/.test(raw)) {
    warnings.push({
      code: 'whitespace',
      message:
        'The URL contains leading/trailing spaces or line breaks; a browser strips them, so check the cleaned form.',
    });
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    warnings.push({ code: 'unparseable', message: 'This is not a valid absolute URL; it cannot be opened.' });
    return refuse(raw, '', '', warnings);
  }
  const scheme = url.protocol.replace(/:$/, '');
  const hostname = url.hostname;
  if (scheme !== 'http' && scheme !== 'https') {
    warnings.push({
      code: 'non-http-scheme',
      message: `The "${scheme}:" scheme is refused: only http and https links can be opened from an elicitation.`,
    });
    return refuse(raw, scheme, hostname, warnings);
  }
  const href = url.href;
  const domain = registrableDomain(hostname);
  const result: UrlAssessment = {
    ok: true,
    href,
    scheme,
    host: hostname,
    registrableDomainHighlight: highlight(href, url, domain),
    warnings,
  };
  const unicodeHost = hostToUnicode(hostname);
  if (unicodeHost !== hostname) result.unicodeHost = unicodeHost;

  if (url.username || url.password) {
    warnings.push({
      code: 'credentials',
      message: `The URL carries user info ("${decodeSafe(url.username)}${url.password ? ':…' : ''}") before "@": the site actually opened is ${hostname}.`,
    });
  }
  if (scheme === 'http' && !LOOPBACK_HOSTS.has(hostname)) {
    warnings.push({
      code: 'plain-http',
      message: 'Plain http: the page and anything you type there travel unencrypted.',
    });
  }
  if (isIpHost(hostname) && !LOOPBACK_HOSTS.has(hostname)) {
    warnings.push({ code: 'ip-address', message: `The host is a raw IP address (${hostname}), not a domain name.` });
  }
  if (hostname.split('.').some((label) => /^xn--/i.test(label))) {
    warnings.push({
      code: 'punycode',
      message: `The host is internationalised: "${hostname}" displays as "${unicodeHost}". Check it is the site you expect.`,
    });
  }
  const mixed = unicodeHost.split('.').filter((label) => isMixedScript(label));
  if (mixed.length > 0) {
    warnings.push({
      code: 'mixed-script',
      message: `The host mixes writing systems in "${mixed.join('", "')}": a classic look-alike (homograph) trick.`,
    });
  }
  return result;
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
