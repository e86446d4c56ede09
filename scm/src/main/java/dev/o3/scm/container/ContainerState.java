package dev.o3.scm.container;

/** Container lifecycle as SCM tracks it. */
public enum ContainerState {
    OPEN,
    CLOSING,
    QUASI_CLOSED,
    CLOSED
}
