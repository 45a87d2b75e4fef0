#!/usr/bin/env node
// The launcher lives in TypeScript (src/launch/main.ts): version routing, the tuned-heap restart
// of --streaming runs, and the signal, closed-pipe and orphan guards of the converting process.
require('../dist/launch/main.js').main(process.argv.slice(2), __dirname);
