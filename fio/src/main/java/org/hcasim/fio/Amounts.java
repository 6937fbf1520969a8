package org.hcasim.fio;

/**
 * How much a job does beyond its region: {@code loops} passes, {@code io_size} bytes in all (0 = one pass over the
 * region per loop; more wraps around it), {@code number_ios} I/Os at most (0 = no limit), and
 * {@code offset_increment}, added to the offset once per clone of {@code numjobs}.
 */
record Amounts(int loops, long ioSize, long numberIos, long offsetIncrement) {

    static final Amounts DEFAULT = new Amounts(1, 0, 0, 0);
}
