// Vertex AI or Code Assist without Application Default Credentials, in the Action: the run fails
// before any model request, and its log and result say what to do in a workflow.
import { describe, expect, it } from 'vitest';
import { runActionOnComment } from '../support/action-harness.js';
import { textReply, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';

describe('model credentials the Action cannot find', () => {
  it.each([
    ['Vertex AI', { use_vertex_ai: 'true', gcp_project_id: 'p', gcp_location: 'us-central1' }],
    ['Gemini Code Assist', { use_gemini_code_assist: 'true' }],
  ])('%s: fails with what to do, before any request', async (name, inputs) => {
    const gemini = await useFakeGemini([textReply('unused')]);
    const workspace = await tempRepo({ 'README.md': '# demo\n' }, { git: true });
    const { run } = await runActionOnComment({
      body: '/gemini what does the README say?',
      workspace,
      gemini,
      inputs: { gemini_api_key: '', ...inputs },
      // No credentials anywhere, and the metadata server ruled out without asking the network.
      env: { HOME: await tempRepo(), METADATA_SERVER_DETECTION: 'none' },
    });
    expect(run.result.conclusion).toBe('failure');
    const failed = run.failed.join('\n');
    expect(failed).toContain(`${name} signs in with Application Default Credentials`);
    expect(failed).toContain('google-github-actions/auth');
    expect(gemini.generateRequests()).toEqual([]);
  });
});
