// The (1+1) EA with the ±1 operator (Algorithm 1 and Definition 1 of arXiv:2307.11855),
// speaking zonemax's conformance protocol (version 1): one JSON request per line on stdin,
// one JSON answer per line on stdout.  Its own generator (sfc32), seeded from the request.
// Usage: node ea_pm1.js [algorithm-1|strict-acceptance|skip|garbage]
"use strict";
const readline = require("readline");
const mode = process.argv[2] || "algorithm-1";

function sfc32(a, b, c, d) {
  return function () {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

function run(a, seed, budget) {
  const random = sfc32(seed % 4294967296, Math.floor(seed / 4294967296), 0x9e3779b9, 1);
  for (let i = 0; i < 12; i++) random();  // warm up
  const n = a.length;
  const x = new Array(n).fill(0);
  let fx = a.reduce((s, v) => s + Math.abs(v), 0);
  let t = 0;
  while (fx !== 0 && t < budget) {
    const y = x.slice();
    for (let i = 0; i < n; i++) {
      if (random() < 1 / n) y[i] += random() < 0.5 ? 1 : -1;
    }
    let fy = 0;
    for (let i = 0; i < n; i++) fy += Math.abs(a[i] - y[i]);
    t += 1;
    if (fy < fx || (fy === fx && mode !== "strict-acceptance")) {
      for (let i = 0; i < n; i++) x[i] = y[i];
      fx = fy;
    }
  }
  return { evaluations: t, solved: fx === 0 };
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const request = JSON.parse(line);
  let answer;
  if (mode === "skip") answer = { skipped: "this program only runs n <= 1" };
  else if (mode === "garbage") answer = "not an answer";
  else answer = run(request.target, request.seed, request.budget);
  process.stdout.write((typeof answer === "string" ? answer : JSON.stringify(answer)) + "\n");
});
