/**
 * zod compiles a parser for each object schema (with `new Function`) the first time the schema
 * parses something. A run parses most of its schemas once or a few times (its inputs, the event,
 * the settings, each tool's arguments), so compiling them costs more than it saves: about 9 ms of
 * the Action's start. Without the compiled parsers zod interprets the same schemas: the same
 * checks, the same results, and no code generated at run time.
 *
 * zod reads this setting when a schema is made, and most schemas are made when their module
 * loads, so each entry imports this module before any other that defines one.
 */
import { config } from 'zod';

config({ jitless: true });
