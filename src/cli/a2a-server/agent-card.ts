/**
 * The agent card, in the two shapes its readers expect. A2A 1.0 clients ask with
 * `A2A-Version: 1.0` and read `supportedInterfaces`; 0.3 clients (the Gemini CLI's remote
 * subagents among them) send no version header and read `url` and `preferredTransport`. Both
 * describe one JSON-RPC endpoint that speaks both versions, streaming, bearer authentication and
 * the development-tool extension.
 *
 * The extension is declared `required: false`: a client that does not ask for it (the Gemini CLI
 * never does) still gets text and task states, and the SDK would refuse every message of such a
 * client if it were required.
 */
import type { AgentCard } from '@a2a-js/sdk';
import { AgentCard as AgentCardCodec } from '@a2a-js/sdk';
import { duplicateInterfacesForLegacy } from '@a2a-js/sdk/compat/v0_3';
import { VERSION } from '../../platform/version.js';
import { DEVELOPMENT_TOOL_DESCRIPTION, DEVELOPMENT_TOOL_URI } from './development-tool.js';

const NAME = 'Gemini Agent';
const DESCRIPTION =
  'A Gemini coding agent working in a local repository: it reads, searches and changes files and runs the shell commands its policy allows, and asks the client about the calls the policy wants confirmed.';
const BEARER_DESCRIPTION =
  'The token the server was started with (--token-file or GEMINI_AGENT_A2A_TOKEN), or the one it printed at start.';

/** The 1.0 card; `endpoint` is the JSON-RPC URL. */
export function buildAgentCard(endpoint: string): AgentCard {
  return {
    name: NAME,
    description: DESCRIPTION,
    version: VERSION,
    provider: undefined,
    // One JSON-RPC endpoint, listed for 1.0 and (with the same URL) for 0.3: the SDK accepts
    // only the versions the card lists.
    supportedInterfaces: duplicateInterfacesForLegacy(
      [{ url: endpoint, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' }],
      ['JSONRPC'],
    ),
    capabilities: {
      streaming: true,
      pushNotifications: false,
      extendedAgentCard: false,
      extensions: [
        {
          uri: DEVELOPMENT_TOOL_URI,
          description: DEVELOPMENT_TOOL_DESCRIPTION,
          required: false,
          params: undefined,
        },
      ],
    },
    securitySchemes: {
      bearer: {
        scheme: {
          $case: 'httpAuthSecurityScheme',
          value: { scheme: 'Bearer', bearerFormat: '', description: BEARER_DESCRIPTION },
        },
      },
    },
    securityRequirements: [{ schemes: { bearer: { list: [] } } }],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [
      {
        id: 'coding',
        name: 'Work on a repository',
        description:
          'Answers questions about the code, changes files and runs commands in the workspace, as a coding agent does.',
        tags: ['coding', 'development-tool'],
        examples: ['Fix the failing test in src/convert.js', 'Summarise this repository'],
        inputModes: [],
        outputModes: [],
        securityRequirements: [],
      },
    ],
    signatures: [],
  };
}

/** The card as 1.0 clients read it (proto JSON). */
export function cardJsonV1(card: AgentCard): unknown {
  return AgentCardCodec.toJSON(card);
}

/** The card as 0.3 clients read it: the first 0.3 interface as `url` + `preferredTransport`. */
export function cardJsonV03(card: AgentCard): unknown {
  const legacy = card.supportedInterfaces.filter((entry) => entry.protocolVersion === '0.3');
  const [preferred, ...others] = legacy;
  return {
    protocolVersion: '0.3.0',
    name: card.name,
    description: card.description,
    version: card.version,
    url: preferred?.url ?? '',
    preferredTransport: preferred?.protocolBinding ?? 'JSONRPC',
    additionalInterfaces: others.map((entry) => ({
      url: entry.url,
      transport: entry.protocolBinding,
    })),
    capabilities: {
      streaming: card.capabilities?.streaming ?? false,
      pushNotifications: card.capabilities?.pushNotifications ?? false,
      extensions: (card.capabilities?.extensions ?? []).map((extension) => ({
        uri: extension.uri,
        description: extension.description,
        required: extension.required,
      })),
    },
    securitySchemes: {
      bearer: { type: 'http', scheme: 'Bearer', description: BEARER_DESCRIPTION },
    },
    security: [{ bearer: [] }],
    defaultInputModes: card.defaultInputModes,
    defaultOutputModes: card.defaultOutputModes,
    skills: card.skills.map((skill) => ({
      id: skill.id,
      name: skill.name,
      description: skill.description,
      tags: skill.tags,
      examples: skill.examples,
    })),
  };
}
