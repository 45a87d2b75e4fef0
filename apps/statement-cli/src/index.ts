// The CLI is used through its bin (`stmt`); commands live in ./commands and are found by oclif.
export { run } from '@oclif/core';
