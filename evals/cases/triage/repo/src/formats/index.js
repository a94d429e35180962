// The formats cfgconv reads and writes, by name.
import * as env from './env.js';
import * as ini from './ini.js';
import * as json from './json.js';
import * as toml from './toml.js';
import * as yaml from './yaml.js';

export const FORMATS = { env, ini, json, toml, yaml };
