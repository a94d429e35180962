// Every test file runs with real network access disabled: only loopback is allowed, for the
// local fake Gemini and GitHub servers that tests start themselves.
import nock from 'nock';

nock.disableNetConnect();
nock.enableNetConnect(/^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/);
