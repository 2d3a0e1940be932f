'use strict';

const { readlinkSync } = require('node:fs');
const { setPriority } = require('node:os');

/** The nice value of the checks' worker threads: the API's own thread (0) comes first. */
const checksThreadNice = 10;

/**
 * Lowers the calling thread's priority, and only its own: on Linux a thread's id set as a
 * process's priority is that thread's nice value (/proc/thread-self names the id). The OCR and
 * face threads then take the cores the API leaves, rather than half of them while it waits.
 * Elsewhere, or where it is refused, the thread keeps its priority.
 */
function lowerThreadPriority(nice = checksThreadNice) {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (tid > 0) setPriority(tid, nice);
  } catch {
    // Not Linux, or not allowed: the thread runs at normal priority.
  }
}

module.exports = { lowerThreadPriority, checksThreadNice };
