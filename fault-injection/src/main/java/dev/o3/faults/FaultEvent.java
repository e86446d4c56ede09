package dev.o3.faults;

/**
 * One injected fault: what, on which daemon or file, when (ms since the run's start), for how long, and why it was
 * skipped when it could not run on this machine.
 */
record FaultEvent(String kind, String target, long startMillis, long heldMillis, String detail, String skipped) {}
