import { describe, expect, it } from 'vitest';
import { parseRecognised } from './pocketsphinx.ts';

// pocketsphinx_continuous -time yes: a hypothesis line, then one line per word with its times and confidence.
const OUTPUT = `good morning you are through
<s> 0.000 0.020 1.000000
good 0.030 0.450 0.113036
morning 0.460 0.670 0.104836
<sil> 0.680 0.830 1.000000
you 0.840 1.040 0.764884
[NOISE] 1.050 1.500 0.900000
are(2) 1.510 1.700 0.036722
through 1.710 1.940 0.002736
</s> 1.950 2.000 1.000000
thank you
<s> 4.000 4.010 1.000000
thank 4.020 4.300 0.5
you 4.310 4.600 1.2e-05
</s> 4.610 4.700 1.000000
`;

describe('pocketsphinx output', () => {
  it('groups words into segments per utterance, split at a pause of 0.3 s or more, without fillers or pronunciation marks', () => {
    expect(parseRecognised(OUTPUT)).toEqual([
      { start_s: 0.03, end_s: 1.04, text: 'good morning you' },
      { start_s: 1.51, end_s: 1.94, text: 'are through' },
      { start_s: 4.02, end_s: 4.6, text: 'thank you' },
    ]);
  });

  it('hears nothing in output with no word lines', () => {
    expect(parseRecognised('\n<s> 0.000 0.100 1.000000\n</s> 0.100 0.200 1.000000\n')).toEqual([]);
  });
});
