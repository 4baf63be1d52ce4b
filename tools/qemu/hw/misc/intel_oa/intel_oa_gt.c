/*
 * intel-oa-gpu: timestamp clock, fuses, frequency caps, forcewake and
 * the store for unimplemented registers.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/host-utils.h"
#include "qemu/log.h"
#include "qemu/timer.h"
#include "intel_oa_regs.h"
#include "intel_oa_gt.h"
#include "trace.h"

#define TIMESTAMP_BITS  36

void intel_oa_gt_init(IntelOAGt *gt, const IntelOAPlatform *plat,
                      uint64_t ts_base)
{
    gt->plat = plat;
    gt->ts_base = ts_base;
    gt->unimp = g_hash_table_new(g_direct_hash, g_direct_equal);
}

void intel_oa_gt_finalize(IntelOAGt *gt)
{
    g_clear_pointer(&gt->unimp, g_hash_table_destroy);
    g_clear_pointer(&gt->unimp_pairs, g_free);
}

void intel_oa_gt_reset(IntelOAGt *gt)
{
    memset(gt->forcewake, 0, sizeof(gt->forcewake));
    g_hash_table_remove_all(gt->unimp);
}

uint64_t intel_oa_gt_ticks(const IntelOAGt *gt, int64_t now_ns)
{
    if (now_ns <= 0) {
        return gt->ts_base;
    }
    return gt->ts_base + muldiv64(now_ns, gt->plat->timestamp_hz,
                                  NANOSECONDS_PER_SECOND);
}

int64_t intel_oa_gt_ticks_to_ns(const IntelOAGt *gt, uint64_t ticks)
{
    uint64_t lo, hi, rem;

    if (ticks <= gt->ts_base) {
        return 0;
    }
    ticks -= gt->ts_base;
    /* ceil(ticks * 10^9 / hz) in 128-bit arithmetic */
    mulu64(&lo, &hi, ticks, NANOSECONDS_PER_SECOND);
    rem = divu128(&lo, &hi, gt->plat->timestamp_hz);
    if (hi || lo >= INT64_MAX) {
        /* beyond any reachable virtual time (huge timer exponents) */
        return INT64_MAX;
    }
    return lo + (rem != 0);
}

/* Masked register: bits 31:16 select which of bits 15:0 are written. */
static uint32_t masked_write(uint32_t old, uint32_t val)
{
    uint32_t mask = val >> 16;

    return (old & ~mask) | (val & mask);
}

/* The low @n bits set (n may be 0). */
static uint32_t low_bits(unsigned int n)
{
    return n >= 32 ? UINT32_MAX : (1u << n) - 1;
}

static uint32_t gt_fuse2(const IntelOAPlatform *p)
{
    uint32_t slice_en = low_bits(p->slices);
    uint32_t ss_dis = low_bits(p->max_subslices) &
                      ~low_bits(p->subslices_per_slice);

    return FIELD_DP32(FIELD_DP32(0, FUSE2, SLICE_ENABLE, slice_en),
                      FUSE2, SUBSLICE_DISABLE, ss_dis);
}

static uint32_t gt_eu_disable(const IntelOAPlatform *p, unsigned int slice)
{
    uint32_t per_ss = 0xff & ~low_bits(p->eus_per_subslice);
    uint32_t val = 0;
    unsigned int ss;

    if (slice >= p->slices) {
        return UINT32_MAX;
    }
    for (ss = 0; ss < p->max_subslices; ss++) {
        val |= per_ss << (8 * ss);
    }
    return val;
}

uint64_t intel_oa_gt_ring_timestamp(const IntelOAGt *gt)
{
    return intel_oa_gt_ticks(gt, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL)) &
           MAKE_64BIT_MASK(0, TIMESTAMP_BITS);
}

bool intel_oa_gt_mmio_read(IntelOAGt *gt, hwaddr addr, uint32_t *val)
{
    const IntelOAPlatform *p = gt->plat;
    uint64_t ticks;

    switch (addr) {
    case A_RING_TIMESTAMP:
    case A_RING_TIMESTAMP_UDW:
        ticks = intel_oa_gt_ring_timestamp(gt);
        *val = addr == A_RING_TIMESTAMP ? (uint32_t)ticks : ticks >> 32;
        return true;
    case A_FUSE2:
        *val = gt_fuse2(p);
        return true;
    case A_EU_DISABLE0 ... A_EU_DISABLE2:
        if (addr % 4) {
            return false;
        }
        *val = gt_eu_disable(p, (addr - A_EU_DISABLE0) / 4);
        return true;
    case A_CTC_MODE:
        *val = p->ctc_mode;
        return true;
    case A_RPSTAT1:
        /* current frequency in 50/3 MHz units = synthetic GPU clock */
        *val = FIELD_DP32(0, RPSTAT1, GEN9_CAGF,
                          (uint64_t)p->timestamp_hz * p->gpu_ticks_ratio *
                          3 / 50000000);
        return true;
    case A_RP_STATE_CAP:
        *val = FIELD_DP32(FIELD_DP32(FIELD_DP32(0, RP_STATE_CAP, RP0, p->rp0),
                                     RP_STATE_CAP, RP1, p->rp1),
                          RP_STATE_CAP, RPN, p->rpn);
        return true;
    case A_FORCEWAKE_RENDER:
    case A_FORCEWAKE_ACK_RENDER:
        *val = gt->forcewake[INTEL_OA_FW_RENDER];
        return true;
    case A_FORCEWAKE_BLITTER:
    case A_FORCEWAKE_ACK_BLITTER:
        *val = gt->forcewake[INTEL_OA_FW_BLITTER];
        return true;
    case A_FORCEWAKE_MEDIA:
    case A_FORCEWAKE_ACK_MEDIA:
        *val = gt->forcewake[INTEL_OA_FW_MEDIA];
        return true;
    }
    return false;
}

static void gt_read_only(hwaddr addr, uint32_t val)
{
    qemu_log_mask(LOG_GUEST_ERROR,
                  "intel-oa-gpu: register 0x%" HWADDR_PRIx " is read-only, "
                  "write of 0x%08x ignored\n", addr, val);
}

static void gt_forcewake(IntelOAGt *gt, unsigned int domain, uint32_t val)
{
    /* the domain wakes instantly: the ack mirrors the request */
    gt->forcewake[domain] = masked_write(gt->forcewake[domain], val) &
                            0xffff;
    trace_intel_oa_gt_forcewake(domain, gt->forcewake[domain]);
}

bool intel_oa_gt_mmio_write(IntelOAGt *gt, hwaddr addr, uint32_t val)
{
    switch (addr) {
    case A_RING_TIMESTAMP:
    case A_RING_TIMESTAMP_UDW:
    case A_FUSE2:
    case A_CTC_MODE:
    case A_RPSTAT1:
    case A_RP_STATE_CAP:
    case A_FORCEWAKE_ACK_RENDER:
    case A_FORCEWAKE_ACK_BLITTER:
    case A_FORCEWAKE_ACK_MEDIA:
        gt_read_only(addr, val);
        return true;
    case A_EU_DISABLE0 ... A_EU_DISABLE2:
        if (addr % 4) {
            return false;
        }
        gt_read_only(addr, val);
        return true;
    case A_FORCEWAKE_RENDER:
        gt_forcewake(gt, INTEL_OA_FW_RENDER, val);
        return true;
    case A_FORCEWAKE_BLITTER:
        gt_forcewake(gt, INTEL_OA_FW_BLITTER, val);
        return true;
    case A_FORCEWAKE_MEDIA:
        gt_forcewake(gt, INTEL_OA_FW_MEDIA, val);
        return true;
    }
    return false;
}

uint32_t intel_oa_gt_unimp_read(IntelOAGt *gt, hwaddr addr)
{
    gpointer v = g_hash_table_lookup(gt->unimp, GUINT_TO_POINTER(addr + 1));
    uint32_t val = v ? (uint32_t)GPOINTER_TO_SIZE(v) : 0;

    qemu_log_mask(LOG_UNIMP, "intel-oa-gpu: read of unimplemented register "
                  "0x%" HWADDR_PRIx " returns 0x%08x\n", addr, val);
    return val;
}

void intel_oa_gt_unimp_write(IntelOAGt *gt, hwaddr addr, uint32_t val)
{
    qemu_log_mask(LOG_UNIMP, "intel-oa-gpu: write of 0x%08x to "
                  "unimplemented register 0x%" HWADDR_PRIx " stored\n",
                  val, addr);
    /* keys are offset + 1 so offset 0 is not the NULL pointer */
    g_hash_table_insert(gt->unimp, GUINT_TO_POINTER(addr + 1),
                        GSIZE_TO_POINTER((gsize)val));
}

static int gt_pre_save(void *opaque)
{
    IntelOAGt *gt = opaque;
    GHashTableIter it;
    gpointer k, v;
    uint32_t i = 0;

    g_free(gt->unimp_pairs);
    gt->unimp_len = 2 * g_hash_table_size(gt->unimp);
    gt->unimp_pairs = g_new(uint32_t, MAX(gt->unimp_len, 1));
    g_hash_table_iter_init(&it, gt->unimp);
    while (g_hash_table_iter_next(&it, &k, &v)) {
        gt->unimp_pairs[i++] = GPOINTER_TO_SIZE(k) - 1;
        gt->unimp_pairs[i++] = GPOINTER_TO_SIZE(v);
    }
    return 0;
}

static int gt_post_load(void *opaque, int version_id)
{
    IntelOAGt *gt = opaque;
    uint32_t i;

    g_hash_table_remove_all(gt->unimp);
    for (i = 0; i + 1 < gt->unimp_len; i += 2) {
        g_hash_table_insert(gt->unimp,
                            GUINT_TO_POINTER(gt->unimp_pairs[i] + 1),
                            GSIZE_TO_POINTER((gsize)gt->unimp_pairs[i + 1]));
    }
    return 0;
}

const VMStateDescription vmstate_intel_oa_gt = {
    .name = "intel-oa-gpu/gt",
    .version_id = 1,
    .minimum_version_id = 1,
    .pre_save = gt_pre_save,
    .post_load = gt_post_load,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32_ARRAY(forcewake, IntelOAGt, INTEL_OA_FW_DOMAINS),
        VMSTATE_UINT32(unimp_len, IntelOAGt),
        VMSTATE_VARRAY_UINT32_ALLOC(unimp_pairs, IntelOAGt, unimp_len, 0,
                                    vmstate_info_uint32, uint32_t),
        VMSTATE_END_OF_LIST()
    }
};
