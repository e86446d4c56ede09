/** Socket addresses for servers that must know each other's ports before they bind. */
package dev.o3.common.net;
