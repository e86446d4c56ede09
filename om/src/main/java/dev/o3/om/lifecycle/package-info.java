/**
 * S3 bucket lifecycle rules in OM: {@link dev.o3.om.lifecycle.LifecycleRules} decides what is due, {@link
 * dev.o3.om.lifecycle.LifecycleService} (leader only, its own thread) finds it and logs {@link
 * dev.o3.om.lifecycle.LifecycleExpireHandler} requests through Ratis.
 */
package dev.o3.om.lifecycle;
