import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConsentFlows } from './consent-flows.ts';
import { CONSENT_CSP, consentPage } from './consent.ts';

describe('consent pages', () => {
  it("allow exactly their own inline style: the CSP's hash is the style's sha256", () => {
    const flows = new ConsentFlows();
    const answer = consentPage('GET', `/consent/${flows.create()}`, flows);
    const style = /<style>(.*)<\/style>/.exec(answer.body)?.[1] ?? '';
    expect(style).not.toBe('');
    expect(CONSENT_CSP).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
  });

  it("link and redirect under the prefix they are served at (the demo server's folder in the page)", () => {
    const flows = new ConsentFlows();
    const id = flows.create();
    const shown = consentPage('GET', `/consent/${id}`, flows, '/tools/inspector/demo/');
    expect(shown.body).toContain(`action="/tools/inspector/demo/consent/${id}/approve"`);
    const redirected = consentPage('GET', `/consent/${id}/approve`, flows, '/tools/inspector/demo/');
    expect(redirected).toMatchObject({ status: 303, headers: { Location: `/tools/inspector/demo/consent/${id}` } });
    expect(flows.isApproved(id)).toBe(false);
    expect(consentPage('POST', `/consent/${id}/approve`, flows).status).toBe(200);
    expect(flows.isApproved(id)).toBe(true);
  });
});
