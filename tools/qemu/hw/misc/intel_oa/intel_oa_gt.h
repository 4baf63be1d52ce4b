/*
 * intel-oa-gpu: GT-level registers outside the OA unit: the command
 * streamer timestamp clock, fuses/topology, clock and frequency
 * capabilities, forcewake domains, and a sparse store for registers the
 * model does not implement.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_INTEL_OA_GT_H
#define HW_MISC_INTEL_OA_GT_H

#include "exec/hwaddr.h"
#include "migration/vmstate.h"
#include "intel_oa_platform.h"
#include "intel_oa_violation.h"

/* Gen8+ forcewake domains; Gen6/7 parts have one, domain 0. */
enum {
    INTEL_OA_FW_RENDER,
    INTEL_OA_FW_BLITTER,
    INTEL_OA_FW_MEDIA,
    INTEL_OA_FW_DOMAINS
};

/*
 * Gen12.5 domains (seed 002's forcewake table), in the order the
 * steering table names them: GT, Render, VDBOX0..7, VEBOX0..3.
 */
enum {
    INTEL_OA_FW_XEHP_GT,
    INTEL_OA_FW_XEHP_RENDER,
    INTEL_OA_FW_XEHP_VD0,
    INTEL_OA_FW_XEHP_VE0 = INTEL_OA_FW_XEHP_VD0 + 8,
    INTEL_OA_FW_MAX_DOMAINS = INTEL_OA_FW_XEHP_VE0 + 4
};

/*
 * Reads one variant's read-only registers (fuses, clock, RP caps, CAGF);
 * false if @addr is not one of them.
 */
typedef bool (*IntelOAGtReader)(const IntelOAPlatform *p, hwaddr addr,
                                uint32_t *val);

typedef struct IntelOAFwDomain IntelOAFwDomain;

typedef struct IntelOAGt {
    const IntelOAPlatform *plat;
    /*
     * Meteor Lake's media GT (intel_oa_gt_init_media()): its own forcewake
     * domain and register store, addressed relative to its 0x380000 in
     * BAR0; the SoC's timestamp, fuses and clocks are the render GT's
     */
    bool media;
    /* the platform's forcewake domains, ended by a zero request */
    const IntelOAFwDomain *fw;
    /* the platform's fuse, clock, RP-cap and CAGF readers */
    IntelOAGtReader readers[4];
    /* "timestamp-base" property: GPU timestamp at virtual time 0, ticks */
    uint64_t ts_base;
    /* ticks the control page's ts-advance added; never reset */
    uint64_t ts_advanced;
    /* control page forcewake-stuck: wake acknowledges never come */
    bool fw_stuck;
    uint32_t forcewake[INTEL_OA_FW_MAX_DOMAINS];

    /* unimplemented registers: offset -> last written value */
    GHashTable *unimp;
    /* migration image of @unimp: (offset, value) pairs */
    uint32_t unimp_len;
    uint32_t *unimp_pairs;
} IntelOAGt;

void intel_oa_gt_init(IntelOAGt *gt, const IntelOAPlatform *plat,
                      uint64_t ts_base);
void intel_oa_gt_init_media(IntelOAGt *gt, const IntelOAPlatform *plat);
void intel_oa_gt_finalize(IntelOAGt *gt);
void intel_oa_gt_reset(IntelOAGt *gt);

/*
 * GPU timestamp T (64-bit, never wraps) at QEMU_CLOCK_VIRTUAL time
 * @now_ns: the counter started at ts_base when the virtual clock started
 * (machine creation). RING_TIMESTAMP shows its low 36 bits, a report's
 * TIMESTAMP field its low 32 bits.
 */
uint64_t intel_oa_gt_ticks(const IntelOAGt *gt, int64_t now_ns);
/* Jump T forward by @ticks (control page ts-advance). */
void intel_oa_gt_advance(IntelOAGt *gt, uint32_t ticks);
/*
 * RING_TIMESTAMP as one 64-bit value (T mod 2^36), sampled once so a
 * 64-bit read of RING_TIMESTAMP/RING_TIMESTAMP_UDW cannot tear.
 */
uint64_t intel_oa_gt_ring_timestamp(const IntelOAGt *gt);
/* First virtual time at which T is at least @ticks (0 if already). */
int64_t intel_oa_gt_ticks_to_ns(const IntelOAGt *gt, uint64_t ticks);

/* Whether forcewake domain @domain is acknowledged (ack bit 0). */
bool intel_oa_gt_fw_awake(const IntelOAGt *gt, unsigned int domain);
/* Whether @addr is one of the platform's forcewake request registers. */
bool intel_oa_gt_fw_is_request(const IntelOAGt *gt, hwaddr addr);
/*
 * Gen9-12: whether the domains @addr needs are awake. If not, the access
 * counts violation 28 and must be dropped (a read returns 0).
 */
bool intel_oa_gt_fw_allows(const IntelOAGt *gt, IntelOAViolations *viol,
                           hwaddr addr, bool write);

bool intel_oa_gt_mmio_read(IntelOAGt *gt, hwaddr addr, uint32_t *val);
bool intel_oa_gt_mmio_write(IntelOAGt *gt, hwaddr addr, uint32_t val);
/* Registers nobody models: remembered, read back, logged as LOG_UNIMP. */
uint32_t intel_oa_gt_unimp_read(IntelOAGt *gt, hwaddr addr);
void intel_oa_gt_unimp_write(IntelOAGt *gt, hwaddr addr, uint32_t val);

extern const VMStateDescription vmstate_intel_oa_gt;

#endif /* HW_MISC_INTEL_OA_GT_H */
