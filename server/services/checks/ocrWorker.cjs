'use strict';

// The OCR worker thread: tesseract.js's own worker script, at a lower priority than the API.
require('./threadPriority.cjs').lowerThreadPriority();
require('tesseract.js/src/worker-script/node/index.js');
