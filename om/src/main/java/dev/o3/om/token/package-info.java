/**
 * Delegation tokens (docs/security.md): issue, renew and cancel as replicated writes, the keys that sign them (made
 * and rotated by the leader through Ratis, so every OM verifies every token), and the check a token passes before a
 * call signed with it is accepted.
 */
package dev.o3.om.token;
