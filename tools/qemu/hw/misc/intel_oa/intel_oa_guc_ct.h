/*
 * intel-oa-gpu: the GuC's command transport buffers (CTB), as i915 and
 * xe describe them (gt/uc/abi/guc_communication_ctb_abi.h,
 * guc_klvs_abi.h, guc_actions_abi.h): the host names each buffer's
 * descriptor, ring and size with HOST2GUC_SELF_CFG KLVs and turns the
 * channel on with HOST2GUC_CONTROL_CTB; the GuC then reads requests from
 * the H2G ring when the host raises GUC_SEND_INTERRUPT, and writes
 * responses and events into the G2H ring in memory and raises GUC2HOST.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_INTEL_OA_GUC_CT_H
#define HW_MISC_INTEL_OA_GUC_CT_H

#include "exec/memory.h"
#include "migration/vmstate.h"
#include "intel_oa_ggtt.h"

/* HOST2GUC_SELF_CFG KLV keys (guc_klvs_abi.h) */
enum {
    INTEL_OA_KLV_H2G_CTB_ADDR = 0x0902,
    INTEL_OA_KLV_H2G_CTB_DESC = 0x0903,
    INTEL_OA_KLV_H2G_CTB_SIZE = 0x0904,
    INTEL_OA_KLV_G2H_CTB_ADDR = 0x0905,
    INTEL_OA_KLV_G2H_CTB_DESC = 0x0906,
    INTEL_OA_KLV_G2H_CTB_SIZE = 0x0907,
};

typedef struct IntelOAGucCtb {
    uint64_t desc;      /* GGTT address of struct guc_ct_buffer_desc */
    uint64_t ring;      /* GGTT address of the ring */
    uint32_t size;      /* bytes, a multiple of 4 KiB */
} IntelOAGucCtb;

typedef struct IntelOAGucCt {
    AddressSpace *dma_as;       /* where the CT buffers are read */
    IntelOAGgtt *ggtt;
    IntelOAGucCtb h2g, g2h;
    bool enabled;
} IntelOAGucCt;

void intel_oa_guc_ct_init(IntelOAGucCt *ct, AddressSpace *dma_as,
                          IntelOAGgtt *ggtt);
void intel_oa_guc_ct_reset(IntelOAGucCt *ct);

/*
 * HOST2GUC_SELF_CFG of one KLV: the number of KLVs taken (1), 0 for a key
 * this GuC does not know, or -1 when @len is not the key's length.
 */
int intel_oa_guc_ct_self_cfg(IntelOAGucCt *ct, uint16_t key, uint16_t len,
                             uint64_t value);
/* HOST2GUC_CONTROL_CTB: true when the channel is now as asked */
bool intel_oa_guc_ct_control(IntelOAGucCt *ct, uint32_t enable);
/*
 * Write one HXG message of @n dwords into the G2H ring under a CTB header
 * carrying @fence (0 for events, the request's for a response); false if
 * the channel is off, the ring has no room or the bus failed (the caller
 * counts it).
 */
bool intel_oa_guc_ct_g2h(IntelOAGucCt *ct, uint16_t fence, const uint32_t *msg,
                         uint32_t n);
/*
 * Take the next message the host wrote into the H2G ring and move the
 * descriptor's head past it: its fence, and its HXG dwords in @msg (the
 * first @max; the rest of @msg reads 0), their count in @n. Returns 1 for
 * a message, 0 when the ring is empty or the channel off, -1 when the
 * channel is broken: a descriptor status already set, or a head or tail
 * outside the ring (OVERFLOW), a length beyond what the tail covers
 * (UNDERFLOW) or a format other than HXG (MISMATCH), which this call sets
 * (guc_communication_ctb_abi.h GUC_CTB_STATUS_*), or a bus error.
 */
int intel_oa_guc_ct_h2g_next(IntelOAGucCt *ct, uint16_t *fence, uint32_t *msg,
                             uint32_t max, uint32_t *n);

extern const VMStateDescription vmstate_intel_oa_guc_ct;

#endif /* HW_MISC_INTEL_OA_GUC_CT_H */
