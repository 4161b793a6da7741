/** Media upload fields: hints, actions, states and the PAG preview (renderer/src/media). */
const media = {
  hint: {
    /** Parts joined into one line: "PNG or JPG, 1080 × 1920, 9:16, at most 2 MB". */
    separator: ', ',
    sizeExact: '{{width}} × {{height}}',
    sizeMax: 'up to {{width}} × {{height}}',
    widthMax: 'up to {{width}} px wide',
    heightMax: 'up to {{height}} px high',
    maxSize: 'at most {{size}}',
    maxDuration: 'up to {{seconds}} s',
  },
  field: {
    choose: 'Choose file',
    replace: 'Replace',
    remove: 'Remove',
    cancel: 'Cancel upload',
    retry: 'Upload again',
    dropHere: 'Drop a file here or choose one',
    dropActive: 'Drop the file to check it',
    checking: 'Checking {{name}}…',
    uploading: 'Uploading {{name}}… {{percent}}%',
    uploaded: 'Uploaded',
    cancelled: 'The upload was cancelled. The file is kept: upload it again or remove it.',
    refusedTitle: '{{name}} cannot be used',
    failedTitle: 'The upload failed',
    noProject: 'Save the item first: files are uploaded to a project.',
    multipleFiles: 'Drop one file at a time.',
    progressLabel: 'Upload progress',
    previewAlt: 'Preview of {{name}}',
    current: 'Current file',
    picking: 'Choose a file in the dialog…',
  },
  info: {
    dimensions: '{{width}} × {{height}}',
    duration: '{{seconds}} s',
  },
  refusal: {
    contentType: 'The file’s content is {{actual}}, but its name says {{declared}}. Export it again as {{declared}} or rename it.',
  },
  pag: {
    title: 'PAG animation',
    frameTitle: 'PAG animation {{name}}',
    loading: 'Loading the animation…',
    play: 'Play',
    pause: 'Pause',
    position: '{{current}} s of {{total}} s',
    failed: {
      graphics: 'The animation cannot be played here: this computer’s graphics (WebGL) are not available. The file was checked and can still be used.',
      init: 'The PAG player could not start, so the animation is not shown. The file was checked and can still be used.',
      decode: 'The PAG player cannot read this file, so the app may not be able to show it either. Export it again from After Effects with the PAG exporter.',
      fetch: 'The file could not be loaded for the preview.',
    },
  },
} as const;

export default media;
