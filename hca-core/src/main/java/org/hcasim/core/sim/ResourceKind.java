package org.hcasim.core.sim;

/** What kind of physical resource a {@link Resource} models; reports group and label by it. */
public enum ResourceKind {
    CORE,
    LOCK,
    MUTEX,
    PCIE,
    HCA_ENGINE,
    TRANSLATION,
    FIRMWARE,
    LINK,
    SWITCH,
    OTHER
}
