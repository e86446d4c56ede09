package dev.o3.scm.node;

/** Reacts to datanode lifecycle events; called on the thread that caused the event, outside node manager locks. */
public interface NodeEventListener {
    /** A datanode registered (first time or again after SCM or datanode restart). */
    void onRegistered(DatanodeDescriptor datanode);

    /** A datanode's health changed. */
    void onStateChange(DatanodeDescriptor datanode, NodeState previous, NodeState current);
}
