/**
 * Background services run by the leader (open-key clean-up, block deletion through SCM, directory
 * reclamation), entry class {@link dev.o3.om.service.BackgroundServices}, and the purge request they log.
 */
package dev.o3.om.service;
