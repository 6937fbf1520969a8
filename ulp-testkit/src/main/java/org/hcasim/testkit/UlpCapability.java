package org.hcasim.testkit;

/** What a plugin declares it supports; the contract suite runs the checks of each declared capability. */
public enum UlpCapability {
    /** Block initiator and target roles ({@code UlpProvider.blockProtocol()}): fio runs over them. */
    BLOCK_ROLES,
    /** End-to-end T10-PI over its block roles (a 512+8 namespace, fio generating and checking the tuples). */
    PROTECTION_INFORMATION,
    /** Its target takes write data inside the command (in-capsule / immediate data). */
    IN_CAPSULE_DATA,
    /** Its target can share receive queues: it runs with every installed SRQ policy. */
    SHARED_RECEIVE_QUEUES,
    /** Message endpoints ({@code UlpProvider.messageProtocol()}). */
    MESSAGE_ROLES
}
