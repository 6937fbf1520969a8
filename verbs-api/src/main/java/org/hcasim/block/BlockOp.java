package org.hcasim.block;

/** Block operations. */
public enum BlockOp {
    READ,
    WRITE
}
