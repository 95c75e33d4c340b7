#!/usr/bin/env node
// Regenerates common-passwords.json next to this file:
//   node src/server/platform/auth/generate-common-passwords.mjs > src/server/platform/auth/common-passwords.json
// A list of common passwords from public knowledge: well-known leaked favourites,
// keyboard walks, sequences, and word + number/year patterns. Only 8+ characters matter.
const base = `password passw0rd p@ssword p@ssw0rd qwerty qwertyuiop asdfghjkl zxcvbnm iloveyou
admin administrator welcome letmein monkey dragon football baseball basketball soccer
sunshine princess master shadow superman batman trustno1 starwars whatever freedom
michael jennifer jordan hunter ranger buster thomas tigger robert charlie daniel
computer internet abc123 abcdef abcdefg abcdefgh secret changeme default login
passport pokemon naruto liverpool chelsea arsenal barcelona realmadrid valencia madrid
sevilla espana spain contrasena contraseña micontrasena clave miclave amor teamo
tequiero tequiero princesa mariposa corazon estrella chocolate familia futbol
america mexico argentina colombia hola holahola tesoro cariño carino bonita
hello hellohello summer winter autumn spring january february october november
december monday friday sunday qazwsx qazwsxedc 1qaz2wsx zaq12wsx 1q2w3e4r 1q2w3e4r5t
q1w2e3r4 q1w2e3r4t5 asdf1234 qwer1234 zxcv1234 asdfasdf qweasd qweasdzxc
mustang harley ferrari porsche mercedes yamaha killer blink182 matrix access
flower jessica ashley amanda nicole michelle samsung apple google facebook
instagram whatsapp youtube twitter microsoft windows linux ubuntu android iphone
cookie cheese banana orange pepper ginger silver golden diamond crystal angel
angels lovely loveme lovelove babygirl baby123 sweetheart sweety family
superstar rockstar qwerty123 password1 password123 password12 iloveyou1 regalo
regalos regalo2026 gift gifts giftcard marketplace paella naranja fallas turia`.split(/\s+/).filter(Boolean);
const set = new Set();
const add = (s) => { if (s.length >= 8 && s.length <= 128) set.add(s.toLowerCase()); };
const suffixes = ['', '1', '12', '123', '1234', '12345', '123456', '!', '1!', '123!', '01', '007', '69', '99', '00', '11', '2020', '2021', '2022', '2023', '2024', '2025', '2026', '2027', '@123', '#1', '.', '*'];
for (const w of base) {
  for (const s of suffixes) { add(w + s); add(w[0].toUpperCase() + w.slice(1) + s); }
  add(w + w);
  add(w.replace(/a/g, '@').replace(/o/g, '0').replace(/e/g, '3').replace(/i/g, '1').replace(/s/g, '$'));
}
// Digit sequences and repeats.
const digits = '01234567890123456789';
for (let len = 8; len <= 12; len++) {
  for (let start = 0; start < 10; start++) add(digits.slice(start, start + len));
  const rev = [...digits].reverse().join('');
  for (let start = 0; start < 10; start++) add(rev.slice(start, start + len));
  for (let d = 0; d <= 9; d++) add(String(d).repeat(len));
}
for (const p of ['12', '123', '1234', '12345', '69', '11', '00', '21', '13', '77', '99']) for (let n = 2; n <= 6; n++) add(p.repeat(n));
for (let y = 1940; y <= 2030; y++) for (const p of ['', '0101', '1234', '12', 'abc']) { add(`${p}${y}${y}`); }
// Letter runs and keyboard walks (qwerty and spanish layout rows).
const rows = ['qwertyuiop', 'asdfghjklñ', 'asdfghjkl', 'zxcvbnm', '1234567890', 'abcdefghijklmnopqrstuvwxyz', 'qazwsxedcrfvtgbyhnujmikolp', '1qaz2wsx3edc4rfv5tgb'];
for (const r of rows) for (let len = 8; len <= r.length; len++) for (let s = 0; s + len <= r.length; s++) { add(r.slice(s, s + len)); add([...r.slice(s, s + len)].reverse().join('')); }
for (const ch of 'abcdefghijklmnopqrstuvwxyz') for (let len = 8; len <= 12; len++) add(ch.repeat(len));
// Dates ddmmyyyy, a favourite in Spain.
for (let y = 1950; y <= 2026; y++) for (let m = 1; m <= 12; m++) for (const d of [1, 7, 14, 15, 21, 28]) add(`${String(d).padStart(2, '0')}${String(m).padStart(2, '0')}${y}`);
const list = [...set].sort();
process.stdout.write(JSON.stringify(list) + '\n');
console.error(list.length);
