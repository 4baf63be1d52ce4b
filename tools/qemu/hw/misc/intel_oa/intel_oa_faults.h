/*
 * intel-oa-gpu: the fault-injection knobs the OA unit consumes and the
 * statistics the blocks count, both shown on the control page. A leaf
 * header, like the violation sink.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_INTEL_OA_FAULTS_H
#define HW_MISC_INTEL_OA_FAULTS_H

/* Fault-injection knobs, consumed by the OA unit. */
typedef struct IntelOAFaults {
    uint32_t drop_reports;
    uint32_t lose_writes;
    uint32_t irq_storm;         /* OA interrupt events still to raise */
    bool force_overflow;
    bool stall_tail;
    bool tail_race;
    bool torn_write;
} IntelOAFaults;

typedef struct IntelOAStats {
    uint64_t reports_written;
    uint64_t reports_dropped;
    uint64_t half_full_irqs;
    uint64_t msis_sent;
    uint64_t dma_errors;        /* 64-byte writes the bus did not complete */
    uint32_t ggtt_spoiled;      /* PTEs bad-ggtt-pages overwrote */
} IntelOAStats;

#endif /* HW_MISC_INTEL_OA_FAULTS_H */
