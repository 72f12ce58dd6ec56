/** TEST SUPPORT: the URIs of the fifteen manifests in skills/, in file-name (= sorted) order. */
export const SHIPPED_URIS = [
  'skill://assemblyai-transcribe@1.2.0',
  'skill://builtin.echo@1.0.0',
  'skill://builtin.fail@1.0.0',
  'skill://builtin.sleep@1.0.0',
  'skill://compliance-analysis@1.3.0',
  'skill://crm-directory@1.0.0',
  'skill://gpt4o-diarize@1.0.0',
  'skill://labelling-segmentation@1.2.0',
  'skill://pocketsphinx-transcribe@1.0.0',
  'skill://recording-management@1.5.0',
  'skill://research.web@0.2.0',
  'skill://salesforce-integration@2.1.0',
  'skill://scoring@1.1.0',
  'skill://sentiment-analysis@1.2.0',
  'skill://whisper-transcribe@1.0.0',
];
