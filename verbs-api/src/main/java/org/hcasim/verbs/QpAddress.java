package org.hcasim.verbs;

/** Where a QP lives on the fabric: host, device and QP number (what a path record + dest QPN say). */
public record QpAddress(String host, String device, int qpNum) {
}
