/*
 * intel-oa-gpu: GuC command transport buffers (intel_oa_guc_ct.h;
 * Documentation/dg2.rst "GuC", "CT buffers").
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "sysemu/dma.h"
#include "intel_oa_guc_ct.h"
#include "trace.h"

/* struct guc_ct_buffer_desc: head, tail (ring offsets in dwords), status */
#define CTB_DESC_HEAD       0
#define CTB_DESC_TAIL       4
#define CTB_DESC_STATUS     8
#define CTB_STATUS_OVERFLOW  (1u << 0)
#define CTB_STATUS_UNDERFLOW (1u << 1)
#define CTB_STATUS_MISMATCH  (1u << 2)
/* CTB message header: FENCE 31:16, FORMAT 15:12 (0: HXG), NUM_DWORDS 7:0 */
#define CTB_HDR_FENCE_SHIFT  16
#define CTB_HDR_FORMAT_SHIFT 12
#define CTB_HDR_FORMAT_MASK  (0xfu << CTB_HDR_FORMAT_SHIFT)
#define CTB_HDR_NUM_DWORDS   0xffu

static bool ct_rw(IntelOAGucCt *ct, uint64_t addr, void *buf, bool write)
{
    uint64_t phys;

    if (addr > UINT32_MAX - 3 || addr % 4 ||
        !intel_oa_ggtt_translate(ct->ggtt, addr, &phys)) {
        return false;
    }
    return (write ? dma_memory_write(ct->dma_as, phys, buf, 4,
                                     MEMTXATTRS_UNSPECIFIED) :
                    dma_memory_read(ct->dma_as, phys, buf, 4,
                                    MEMTXATTRS_UNSPECIFIED)) == MEMTX_OK;
}

static bool ct_read32(IntelOAGucCt *ct, uint64_t addr, uint32_t *val)
{
    uint32_t le;

    if (!ct_rw(ct, addr, &le, false)) {
        return false;
    }
    *val = le32_to_cpu(le);
    return true;
}

static bool ct_write32(IntelOAGucCt *ct, uint64_t addr, uint32_t val)
{
    uint32_t le = cpu_to_le32(val);

    return ct_rw(ct, addr, &le, true);
}

int intel_oa_guc_ct_self_cfg(IntelOAGucCt *ct, uint16_t key, uint16_t len,
                             uint64_t value)
{
    bool size = key == INTEL_OA_KLV_H2G_CTB_SIZE ||
                key == INTEL_OA_KLV_G2H_CTB_SIZE;

    if (key < INTEL_OA_KLV_H2G_CTB_ADDR || key > INTEL_OA_KLV_G2H_CTB_SIZE) {
        return 0;
    }
    if (len != (size ? 1 : 2)) {
        return -1;
    }
    switch (key) {
    case INTEL_OA_KLV_H2G_CTB_ADDR:
        ct->h2g.ring = value;
        break;
    case INTEL_OA_KLV_H2G_CTB_DESC:
        ct->h2g.desc = value;
        break;
    case INTEL_OA_KLV_H2G_CTB_SIZE:
        ct->h2g.size = value;
        break;
    case INTEL_OA_KLV_G2H_CTB_ADDR:
        ct->g2h.ring = value;
        break;
    case INTEL_OA_KLV_G2H_CTB_DESC:
        ct->g2h.desc = value;
        break;
    case INTEL_OA_KLV_G2H_CTB_SIZE:
        ct->g2h.size = value;
        break;
    }
    return 1;
}

static bool ctb_valid(const IntelOAGucCtb *b)
{
    /* guc_klvs_abi.h: sizes are multiples of 4K; all GGTT addresses */
    return b->size && b->size % 4096 == 0 && b->desc && b->ring &&
           b->desc % 4 == 0 && b->ring % 4096 == 0 &&
           b->ring + b->size <= (uint64_t)UINT32_MAX + 1;
}

bool intel_oa_guc_ct_control(IntelOAGucCt *ct, uint32_t enable)
{
    if (enable > 1) {
        return false;
    }
    if (enable && (!ctb_valid(&ct->h2g) || !ctb_valid(&ct->g2h))) {
        qemu_log_mask(LOG_GUEST_ERROR, "intel-oa-gpu: CONTROL_CTB enable "
                      "before both buffers were configured; refused\n");
        return false;
    }
    ct->enabled = enable;
    trace_intel_oa_guc_ct_control(enable, ct->g2h.desc, ct->g2h.ring,
                                  ct->g2h.size);
    return true;
}

bool intel_oa_guc_ct_g2h(IntelOAGucCt *ct, uint16_t fence, const uint32_t *msg,
                         uint32_t n)
{
    uint32_t head, tail, status, size = ct->g2h.size / 4, used, i;

    if (!ct->enabled || !n || n > CTB_HDR_NUM_DWORDS) {
        return false;
    }
    if (!ct_read32(ct, ct->g2h.desc + CTB_DESC_HEAD, &head) ||
        !ct_read32(ct, ct->g2h.desc + CTB_DESC_TAIL, &tail) ||
        !ct_read32(ct, ct->g2h.desc + CTB_DESC_STATUS, &status)) {
        goto bus_error;
    }
    if (head >= size || tail >= size) {
        qemu_log_mask(LOG_GUEST_ERROR, "intel-oa-gpu: G2H descriptor head "
                      "%u tail %u outside the %u-dword ring\n", head, tail,
                      size);
        return false;
    }
    used = (tail + size - head) % size;
    /* one dword stays free so that a full ring is not an empty one */
    if (used + 1 + n >= size) {
        ct_write32(ct, ct->g2h.desc + CTB_DESC_STATUS,
                   status | CTB_STATUS_OVERFLOW);
        trace_intel_oa_guc_ct_full(head, tail);
        return false;
    }
    if (!ct_write32(ct, ct->g2h.ring + 4 * tail,
                    (uint32_t)fence << CTB_HDR_FENCE_SHIFT | n)) {
        goto bus_error;
    }
    for (i = 0; i < n; i++) {
        tail = (tail + 1) % size;
        if (!ct_write32(ct, ct->g2h.ring + 4 * tail, msg[i])) {
            goto bus_error;
        }
    }
    tail = (tail + 1) % size;
    /* the tail last: the host reads up to it */
    if (!ct_write32(ct, ct->g2h.desc + CTB_DESC_TAIL, tail)) {
        goto bus_error;
    }
    return true;

bus_error:
    qemu_log_mask(LOG_GUEST_ERROR, "intel-oa-gpu: G2H CTB access failed; "
                  "does the GGTT map the descriptor and ring?\n");
    return false;
}

/* The H2G channel is broken: record why in its status; the GuC stops. */
static int h2g_broken(IntelOAGucCt *ct, uint32_t status, uint32_t bit,
                      const char *why, uint32_t head, uint32_t tail)
{
    qemu_log_mask(LOG_GUEST_ERROR, "intel-oa-gpu: H2G CTB %s (head %u "
                  "tail %u); the GuC reads no more of it\n", why, head, tail);
    trace_intel_oa_guc_ct_broken(head, tail, status | bit);
    ct_write32(ct, ct->h2g.desc + CTB_DESC_STATUS, status | bit);
    return -1;
}

int intel_oa_guc_ct_h2g_next(IntelOAGucCt *ct, uint16_t *fence, uint32_t *msg,
                             uint32_t max, uint32_t *n)
{
    uint32_t head, tail, status, hdr, size = ct->h2g.size / 4, avail, len, i;

    if (!ct->enabled) {
        return 0;
    }
    if (!ct_read32(ct, ct->h2g.desc + CTB_DESC_HEAD, &head) ||
        !ct_read32(ct, ct->h2g.desc + CTB_DESC_TAIL, &tail) ||
        !ct_read32(ct, ct->h2g.desc + CTB_DESC_STATUS, &status)) {
        goto bus_error;
    }
    if (status) {
        /* i915 ct_write(): a channel with a status is not used */
        return -1;
    }
    if (head >= size || tail >= size) {
        return h2g_broken(ct, status, CTB_STATUS_OVERFLOW,
                          "offset outside the ring", head, tail);
    }
    if (head == tail) {
        return 0;
    }
    avail = (tail + size - head) % size;
    if (!ct_read32(ct, ct->h2g.ring + 4 * head, &hdr)) {
        goto bus_error;
    }
    len = hdr & CTB_HDR_NUM_DWORDS;
    if (!len || 1 + len > avail) {
        return h2g_broken(ct, status, CTB_STATUS_UNDERFLOW,
                          "message longer than the ring holds", head, tail);
    }
    if (hdr & CTB_HDR_FORMAT_MASK) {
        return h2g_broken(ct, status, CTB_STATUS_MISMATCH,
                          "message not in HXG format", head, tail);
    }
    memset(msg, 0, 4 * max);
    for (i = 0; i < len; i++) {
        head = (head + 1) % size;
        if (i < max && !ct_read32(ct, ct->h2g.ring + 4 * head, &msg[i])) {
            goto bus_error;
        }
    }
    head = (head + 1) % size;
    /* consumed: the host may reuse the space */
    if (!ct_write32(ct, ct->h2g.desc + CTB_DESC_HEAD, head)) {
        goto bus_error;
    }
    *fence = hdr >> CTB_HDR_FENCE_SHIFT;
    *n = MIN(len, max);
    return 1;

bus_error:
    qemu_log_mask(LOG_GUEST_ERROR, "intel-oa-gpu: H2G CTB access failed; "
                  "does the GGTT map the descriptor and ring?\n");
    return -1;
}

void intel_oa_guc_ct_init(IntelOAGucCt *ct, AddressSpace *dma_as,
                          IntelOAGgtt *ggtt)
{
    ct->dma_as = dma_as;
    ct->ggtt = ggtt;
}

void intel_oa_guc_ct_reset(IntelOAGucCt *ct)
{
    memset(&ct->h2g, 0, sizeof(ct->h2g));
    memset(&ct->g2h, 0, sizeof(ct->g2h));
    ct->enabled = false;
}

static const VMStateDescription vmstate_intel_oa_guc_ctb = {
    .name = "intel-oa-gpu/guc-ctb",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT64(desc, IntelOAGucCtb),
        VMSTATE_UINT64(ring, IntelOAGucCtb),
        VMSTATE_UINT32(size, IntelOAGucCtb),
        VMSTATE_END_OF_LIST()
    }
};

const VMStateDescription vmstate_intel_oa_guc_ct = {
    .name = "intel-oa-gpu/guc-ct",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_STRUCT(h2g, IntelOAGucCt, 1, vmstate_intel_oa_guc_ctb,
                       IntelOAGucCtb),
        VMSTATE_STRUCT(g2h, IntelOAGucCt, 1, vmstate_intel_oa_guc_ctb,
                       IntelOAGucCtb),
        VMSTATE_BOOL(enabled, IntelOAGucCt),
        VMSTATE_END_OF_LIST()
    }
};
