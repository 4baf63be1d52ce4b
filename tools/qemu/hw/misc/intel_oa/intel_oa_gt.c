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

void intel_oa_gt_finalize(IntelOAGt *gt)
{
    g_clear_pointer(&gt->unimp, g_hash_table_destroy);
    g_clear_pointer(&gt->unimp_pairs, g_free);
}

void intel_oa_gt_reset(IntelOAGt *gt)
{
    gt->fw_stuck = false;
    memset(gt->forcewake, 0, sizeof(gt->forcewake));
    g_hash_table_remove_all(gt->unimp);
}

uint64_t intel_oa_gt_ticks(const IntelOAGt *gt, int64_t now_ns)
{
    uint64_t base = gt->ts_base + gt->ts_advanced;

    if (now_ns <= 0) {
        return base;
    }
    return base + muldiv64(now_ns, gt->plat->timestamp_hz,
                           NANOSECONDS_PER_SECOND);
}

void intel_oa_gt_advance(IntelOAGt *gt, uint32_t ticks)
{
    gt->ts_advanced += ticks;
}

int64_t intel_oa_gt_ticks_to_ns(const IntelOAGt *gt, uint64_t ticks)
{
    uint64_t lo, hi, rem;

    if (ticks <= gt->ts_base + gt->ts_advanced) {
        return 0;
    }
    ticks -= gt->ts_base + gt->ts_advanced;
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

/*
 * ---- per-variant read-only registers ------------------------------------
 *
 * Each reader claims the registers of one variant (fuse encoding, clock,
 * RP caps, actual frequency) and returns false for anything else; the
 * GT block picks one reader of each kind at init.
 */

/* EU disable bits of one (slice, subslice) with @width EU bits. */
static uint32_t eu_dis_bits(const IntelOAPlatform *p, unsigned int slice,
                            unsigned int width)
{
    if (slice >= p->slices) {
        return low_bits(width);
    }
    return low_bits(width) & ~low_bits(p->eus_per_subslice);
}

/* FUSE2 subslice disable bits, shared by every slice. */
static uint32_t gt_ss_disable(const IntelOAPlatform *p)
{
    return low_bits(p->max_subslices) & ~low_bits(p->subslices_per_slice);
}

/* Gen9 EU_DISABLE(slice): 8 bits per subslice. */
static bool fuse_read_gen9(const IntelOAPlatform *p, hwaddr addr,
                           uint32_t *val)
{
    unsigned int ss, slice;

    if (addr == A_FUSE2) {
        *val = FIELD_DP32(FIELD_DP32(0, FUSE2, SLICE_ENABLE,
                                     low_bits(p->slices)),
                          FUSE2, SUBSLICE_DISABLE, gt_ss_disable(p));
        return true;
    }
    if (addr < A_EU_DISABLE0 || addr > A_EU_DISABLE2 || addr % 4) {
        return false;
    }
    slice = (addr - A_EU_DISABLE0) / 4;
    *val = slice >= p->slices ? UINT32_MAX : 0;
    if (slice < p->slices) {
        for (ss = 0; ss < p->max_subslices; ss++) {
            *val |= eu_dis_bits(p, slice, 8) << (8 * ss);
        }
    }
    return true;
}

/*
 * Gen8: EU_DISABLE0..2 are one 96-bit little-endian field, 8 bits per
 * (slice, subslice) at bit 24 * slice + 8 * subslice.
 */
static bool fuse_read_gen8(const IntelOAPlatform *p, hwaddr addr,
                           uint32_t *val)
{
    unsigned int bit, s, ss, word;

    if (addr == A_FUSE2) {
        *val = FIELD_DP32(FIELD_DP32(0, FUSE2, SLICE_ENABLE,
                                     low_bits(p->slices)),
                          FUSE2, GEN8_SUBSLICE_DISABLE, gt_ss_disable(p));
        return true;
    }
    if (addr < A_EU_DISABLE0 || addr > A_EU_DISABLE2 || addr % 4) {
        return false;
    }
    word = (addr - A_EU_DISABLE0) / 4;
    *val = 0;
    for (s = 0; s < INTEL_OA_MAX_SLICES; s++) {
        for (ss = 0; ss < 3; ss++) {
            bit = 24 * s + 8 * ss;
            if (bit / 32 == word) {
                *val |= eu_dis_bits(p, s, 8) << (bit % 32);
            }
        }
    }
    return true;
}

/* Cherryview: two subslices, each two rows of four EUs. */
static bool fuse_read_chv(const IntelOAPlatform *p, hwaddr addr,
                          uint32_t *val)
{
    uint32_t eu_dis = 0;
    unsigned int ss, row, present;

    if (addr != A_CHV_FUSE_GT) {
        return false;
    }
    *val = 0;
    for (ss = 0; ss < 2; ss++) {
        if (ss >= p->subslices_per_slice) {
            *val |= ss ? R_CHV_FUSE_GT_SS1_DISABLE_MASK :
                         R_CHV_FUSE_GT_SS0_DISABLE_MASK;
        }
        for (row = 0; row < 2; row++) {
            present = MIN(4, MAX((int)p->eus_per_subslice - 4 * (int)row, 0));
            eu_dis |= (0xf & ~low_bits(present)) << (4 * (2 * ss + row));
        }
    }
    *val = FIELD_DP32(*val, CHV_FUSE_GT, EU_DISABLE, eu_dis);
    return true;
}

/* Gen11: slice enable, subslice disable, one EU-disable byte for all. */
static bool fuse_read_gen11(const IntelOAPlatform *p, hwaddr addr,
                            uint32_t *val)
{
    switch (addr) {
    case A_GEN11_GT_SLICE_ENABLE:
        *val = low_bits(p->slices);
        return true;
    case A_GEN11_GT_SUBSLICE_DISABLE:
        *val = low_bits(p->max_subslices) & ~low_bits(p->subslices_per_slice);
        return true;
    case A_GEN11_EU_DISABLE:
        *val = eu_dis_bits(p, 0, 8);
        return true;
    }
    return false;
}

/* Gen12: dual-subslice enable; each EU-disable bit covers a pair of EUs. */
static bool fuse_read_gen12(const IntelOAPlatform *p, hwaddr addr,
                            uint32_t *val)
{
    switch (addr) {
    case A_GEN12_GT_DSS_ENABLE:
        *val = low_bits(p->subslices_per_slice);
        return true;
    case A_GEN11_EU_DISABLE:
        *val = 0xff & ~low_bits(p->eus_per_subslice / 2);
        return true;
    }
    return false;
}

/*
 * Gen12.5: geometry and compute DSS enables both read the DSS mask, the
 * EU register enables pairs of EUs, MSLICE enables sit in 0x9118 3:0.
 */
static bool fuse_read_xehp(const IntelOAPlatform *p, hwaddr addr,
                           uint32_t *val)
{
    switch (addr) {
    case A_XEHP_GT_GEOMETRY_DSS_ENABLE:
    case A_XEHP_GT_COMPUTE_DSS_ENABLE:
        *val = p->dss_mask;
        return true;
    case A_XEHP_EU_ENABLE:
        *val = low_bits(p->eus_per_subslice / 2);
        return true;
    case A_XEHP_FUSE_MEML3:
        *val = FIELD_DP32(0, XEHP_FUSE_MEML3, MSLICE_EN, p->mslice_mask);
        return true;
    }
    return false;
}

/* SNB, IVB, VLV: i915 reads no fuse; the topology is the table's. */
static bool fuse_read_none(const IntelOAPlatform *p, hwaddr addr,
                           uint32_t *val)
{
    return false;
}

/* Haswell: slices and subslices follow the GT level; 0 = 10 EUs. */
static bool fuse_read_hsw(const IntelOAPlatform *p, hwaddr addr,
                          uint32_t *val)
{
    if (addr != A_HSW_PAVP_FUSE1) {
        return false;
    }
    *val = 0;
    return true;
}

static const IntelOAGtReader fuse_readers[] = {
    [INTEL_OA_FUSE_NONE] = fuse_read_none,
    [INTEL_OA_FUSE_HSW] = fuse_read_hsw,
    [INTEL_OA_FUSE_GEN8] = fuse_read_gen8,
    [INTEL_OA_FUSE_CHV] = fuse_read_chv,
    [INTEL_OA_FUSE_GEN9] = fuse_read_gen9,
    [INTEL_OA_FUSE_GEN11] = fuse_read_gen11,
    [INTEL_OA_FUSE_GEN12] = fuse_read_gen12,
    [INTEL_OA_FUSE_XEHP] = fuse_read_xehp,
};

/* Gen8: the 12.5 MHz clock is fixed, i915 reads no register. */
static bool clock_read_fixed(const IntelOAPlatform *p, hwaddr addr,
                             uint32_t *val)
{
    return false;
}

static bool clock_read_ctc(const IntelOAPlatform *p, hwaddr addr,
                           uint32_t *val)
{
    if (addr == A_CTC_MODE) {
        *val = p->ctc_mode;
        return true;
    }
    return false;
}

static bool clock_read_rpm_config(const IntelOAPlatform *p, hwaddr addr,
                                  uint32_t *val)
{
    if (addr == A_RPM_CONFIG0) {
        *val = p->rpm_config0;
        return true;
    }
    return clock_read_ctc(p, addr, val);
}

static const IntelOAGtReader clock_readers[] = {
    [INTEL_OA_CLOCK_FIXED] = clock_read_fixed,
    [INTEL_OA_CLOCK_CTC] = clock_read_ctc,
    [INTEL_OA_CLOCK_RPM_CONFIG] = clock_read_rpm_config,
};

static bool rpcap_read_mchbar(const IntelOAPlatform *p, hwaddr addr,
                              uint32_t *val)
{
    if (addr != A_RP_STATE_CAP) {
        return false;
    }
    *val = FIELD_DP32(FIELD_DP32(FIELD_DP32(0, RP_STATE_CAP, RP0, p->rp0),
                                 RP_STATE_CAP, RP1, p->rp1),
                      RP_STATE_CAP, RPN, p->rpn);
    return true;
}

static bool rpcap_read_bxt(const IntelOAPlatform *p, hwaddr addr,
                           uint32_t *val)
{
    if (addr != A_BXT_RP_STATE_CAP) {
        return false;
    }
    *val = FIELD_DP32(FIELD_DP32(FIELD_DP32(0, BXT_RP_STATE_CAP, RP0, p->rp0),
                                 BXT_RP_STATE_CAP, RP1, p->rp1),
                      BXT_RP_STATE_CAP, RPN, p->rpn);
    return true;
}

static const IntelOAGtReader rpcap_readers[] = {
    [INTEL_OA_RPCAP_MCHBAR] = rpcap_read_mchbar,
    [INTEL_OA_RPCAP_BXT] = rpcap_read_bxt,
};

/* The synthetic GPU clock R x TS in Hz; CAGF shows it rounded down. */
static uint64_t gpu_clock_hz(const IntelOAPlatform *p)
{
    return (uint64_t)p->timestamp_hz * p->gpu_ticks_ratio;
}

static bool cagf_read_gen6(const IntelOAPlatform *p, hwaddr addr,
                           uint32_t *val)
{
    if (addr != A_RPSTAT1) {
        return false;
    }
    *val = FIELD_DP32(0, RPSTAT1, GEN6_CAGF, gpu_clock_hz(p) / 50000000);
    return true;
}

static bool cagf_read_gen8(const IntelOAPlatform *p, hwaddr addr,
                           uint32_t *val)
{
    if (addr != A_RPSTAT1) {
        return false;
    }
    *val = FIELD_DP32(0, RPSTAT1, GEN8_CAGF, gpu_clock_hz(p) / 50000000);
    return true;
}

static bool cagf_read_gen9(const IntelOAPlatform *p, hwaddr addr,
                           uint32_t *val)
{
    if (addr != A_RPSTAT1) {
        return false;
    }
    *val = FIELD_DP32(0, RPSTAT1, GEN9_CAGF, gpu_clock_hz(p) * 3 / 50000000);
    return true;
}

static bool cagf_read_gen12(const IntelOAPlatform *p, hwaddr addr,
                            uint32_t *val)
{
    if (addr != A_GEN12_RPSTAT1) {
        return false;
    }
    *val = FIELD_DP32(0, GEN12_RPSTAT1, CAGF,
                      gpu_clock_hz(p) * 3 / 50000000);
    return true;
}

static const IntelOAGtReader cagf_readers[] = {
    [INTEL_OA_CAGF_GEN6] = cagf_read_gen6,
    [INTEL_OA_CAGF_GEN8] = cagf_read_gen8,
    [INTEL_OA_CAGF_GEN9] = cagf_read_gen9,
    [INTEL_OA_CAGF_GEN12] = cagf_read_gen12,
};

/*
 * ---- forcewake -------------------------------------------------------
 *
 * Each domain is a request register and its acknowledge. The model's
 * domains wake instantly, so the acknowledge mirrors the request.
 */
struct IntelOAFwDomain {
    hwaddr req;
    hwaddr ack;
    /* bits 31:16 select which of bits 15:0 a write changes */
    bool masked;
};

#define FW_DOMAINS_END  { 0, 0, false }

static const IntelOAFwDomain fw_gen8[] = {
    [INTEL_OA_FW_RENDER] = { A_FORCEWAKE_RENDER, A_FORCEWAKE_ACK_RENDER,
                             true },
    [INTEL_OA_FW_BLITTER] = { A_FORCEWAKE_BLITTER, A_FORCEWAKE_ACK_BLITTER,
                              true },
    [INTEL_OA_FW_MEDIA] = { A_FORCEWAKE_MEDIA, A_FORCEWAKE_ACK_MEDIA,
                            true },
    FW_DOMAINS_END,
};

/* Sandy Bridge: FORCEWAKE takes a plain 1 or 0. */
static const IntelOAFwDomain fw_snb[] = {
    { A_GEN6_FORCEWAKE, A_GEN6_FORCEWAKE_ACK, false },
    FW_DOMAINS_END,
};

static const IntelOAFwDomain fw_ivb[] = {
    { A_FORCEWAKE_BLITTER, A_IVB_FORCEWAKE_MT_ACK, true },
    FW_DOMAINS_END,
};

static const IntelOAFwDomain fw_hsw[] = {
    { A_FORCEWAKE_BLITTER, A_FORCEWAKE_ACK_BLITTER, true },
    FW_DOMAINS_END,
};

static const IntelOAFwDomain fw_vlv[] = {
    { A_VLV_FORCEWAKE, A_VLV_FORCEWAKE_ACK, true },
    FW_DOMAINS_END,
};

#define FW_XEHP(req_, ack_)     { (req_), (ack_), true }

static const IntelOAFwDomain fw_xehp[] = {
    [INTEL_OA_FW_XEHP_GT] = FW_XEHP(A_FORCEWAKE_BLITTER,
                                    A_FORCEWAKE_ACK_BLITTER),
    [INTEL_OA_FW_XEHP_RENDER] = FW_XEHP(A_FORCEWAKE_RENDER,
                                        A_FORCEWAKE_ACK_RENDER),
    FW_XEHP(A_XEHP_FORCEWAKE_VD0 + 0, A_XEHP_FORCEWAKE_ACK_VD0 + 0),
    FW_XEHP(A_XEHP_FORCEWAKE_VD0 + 4, A_XEHP_FORCEWAKE_ACK_VD0 + 4),
    FW_XEHP(A_XEHP_FORCEWAKE_VD0 + 8, A_XEHP_FORCEWAKE_ACK_VD0 + 8),
    FW_XEHP(A_XEHP_FORCEWAKE_VD0 + 12, A_XEHP_FORCEWAKE_ACK_VD0 + 12),
    FW_XEHP(A_XEHP_FORCEWAKE_VD0 + 16, A_XEHP_FORCEWAKE_ACK_VD0 + 16),
    FW_XEHP(A_XEHP_FORCEWAKE_VD0 + 20, A_XEHP_FORCEWAKE_ACK_VD0 + 20),
    FW_XEHP(A_XEHP_FORCEWAKE_VD0 + 24, A_XEHP_FORCEWAKE_ACK_VD0 + 24),
    FW_XEHP(A_XEHP_FORCEWAKE_VD0 + 28, A_XEHP_FORCEWAKE_ACK_VD0 + 28),
    FW_XEHP(A_XEHP_FORCEWAKE_VE0 + 0, A_XEHP_FORCEWAKE_ACK_VE0 + 0),
    FW_XEHP(A_XEHP_FORCEWAKE_VE0 + 4, A_XEHP_FORCEWAKE_ACK_VE0 + 4),
    FW_XEHP(A_XEHP_FORCEWAKE_VE0 + 8, A_XEHP_FORCEWAKE_ACK_VE0 + 8),
    FW_XEHP(A_XEHP_FORCEWAKE_VE0 + 12, A_XEHP_FORCEWAKE_ACK_VE0 + 12),
    FW_DOMAINS_END,
};

/* Meteor Lake's render GT: the GT domain (acknowledged in 0xdfc), render. */
static const IntelOAFwDomain fw_mtl[] = {
    FW_XEHP(A_FORCEWAKE_BLITTER, A_MTL_FORCEWAKE_ACK_GT),
    FW_XEHP(A_FORCEWAKE_RENDER, A_FORCEWAKE_ACK_RENDER),
    FW_DOMAINS_END,
};

/*
 * Meteor Lake's media GT, in its own register space: the GT domain, whose
 * range holds the OAM block (i915 __xelpmp_fw_ranges).
 */
static const IntelOAFwDomain fw_mtl_media[] = {
    FW_XEHP(A_FORCEWAKE_BLITTER, A_MTL_FORCEWAKE_ACK_GT),
    FW_DOMAINS_END,
};

static const IntelOAFwDomain *const fw_tables[] = {
    [INTEL_OA_FW_GEN8] = fw_gen8,
    [INTEL_OA_FW_SNB] = fw_snb,
    [INTEL_OA_FW_IVB] = fw_ivb,
    [INTEL_OA_FW_HSW] = fw_hsw,
    [INTEL_OA_FW_VLV] = fw_vlv,
    [INTEL_OA_FW_XEHP] = fw_xehp,
    [INTEL_OA_FW_MTL] = fw_mtl,
};

/* The domain whose request (or, with @ack, acknowledge) is at @addr. */
static int gt_fw_domain(const IntelOAGt *gt, hwaddr addr, bool ack)
{
    int i;

    for (i = 0; gt->fw[i].req; i++) {
        if ((ack ? gt->fw[i].ack : gt->fw[i].req) == addr) {
            return i;
        }
    }
    return -1;
}

bool intel_oa_gt_fw_awake(const IntelOAGt *gt, unsigned int domain)
{
    return gt->forcewake[domain] & 1;
}

bool intel_oa_gt_fw_is_request(const IntelOAGt *gt, hwaddr addr)
{
    return gt_fw_domain(gt, addr, false) >= 0;
}

/*
 * ---- forcewake ranges (Gen9 to Gen12) --------------------------------
 *
 * The domain each register below 0x40000 needs awake, from i915's
 * __gen9_fw_ranges, __gen11_fw_ranges and __gen12_fw_ranges (ranges of 0
 * are always on; the media boxes' ranges, which the model does not
 * implement, are left out and so never checked). A register whose
 * domains are not all awake reads 0 and drops writes, as on silicon,
 * and counts violation 28. The forcewake request and acknowledge
 * registers themselves always answer.
 */
typedef struct IntelOAFwRange {
    uint32_t start, end;
    uint8_t domains;
} IntelOAFwRange;

#define FWR(s_, e_, d_)     { (s_), (e_), (d_) }
#define FW_R                (1u << INTEL_OA_FW_RENDER)
#define FW_G                (1u << INTEL_OA_FW_BLITTER)
#define FW_M                (1u << INTEL_OA_FW_MEDIA)

static const IntelOAFwRange fw_ranges_gen9[] = {
    FWR(0x0, 0xaff, FW_G), FWR(0x2000, 0x26ff, FW_R),
    FWR(0x2700, 0x2fff, FW_G), FWR(0x3000, 0x3fff, FW_R),
    FWR(0x4000, 0x51ff, FW_G), FWR(0x5200, 0x7fff, FW_R),
    FWR(0x8000, 0x812f, FW_G), FWR(0x8130, 0x813f, FW_M),
    FWR(0x8140, 0x815f, FW_R), FWR(0x8160, 0x82ff, FW_G),
    FWR(0x8300, 0x84ff, FW_R), FWR(0x8500, 0x87ff, FW_G),
    FWR(0x8800, 0x89ff, FW_M), FWR(0x8a00, 0x8bff, FW_G),
    FWR(0x8c00, 0x8cff, FW_R), FWR(0x8d00, 0x93ff, FW_G),
    FWR(0x9400, 0x97ff, FW_R | FW_M), FWR(0x9800, 0xafff, FW_G),
    FWR(0xb000, 0xb47f, FW_R), FWR(0xb480, 0xcfff, FW_G),
    FWR(0xd000, 0xd7ff, FW_M), FWR(0xd800, 0xdfff, FW_G),
    FWR(0xe000, 0xe8ff, FW_R), FWR(0xe900, 0x11fff, FW_G),
    FWR(0x12000, 0x13fff, FW_M), FWR(0x14000, 0x19fff, FW_G),
    FWR(0x1a000, 0x1e9ff, FW_M), FWR(0x1ea00, 0x243ff, FW_G),
    FWR(0x24400, 0x247ff, FW_R), FWR(0x24800, 0x2ffff, FW_G),
    FWR(0x30000, 0x3ffff, FW_M),
    FWR(0, 0, 0),
};

static const IntelOAFwRange fw_ranges_gen11[] = {
    FWR(0x2000, 0x26ff, FW_R), FWR(0x2700, 0x2fff, FW_G),
    FWR(0x3000, 0x3fff, FW_R), FWR(0x4000, 0x51ff, FW_G),
    FWR(0x5200, 0x7fff, FW_R), FWR(0x8000, 0x813f, FW_G),
    FWR(0x8140, 0x815f, FW_R), FWR(0x8160, 0x82ff, FW_G),
    FWR(0x8300, 0x84ff, FW_R), FWR(0x8500, 0x87ff, FW_G),
    FWR(0x8c00, 0x8cff, FW_R), FWR(0x8d00, 0x94cf, FW_G),
    FWR(0x94d0, 0x955f, FW_R), FWR(0x9600, 0xafff, FW_G),
    FWR(0xb000, 0xb47f, FW_R), FWR(0xb480, 0xdeff, FW_G),
    FWR(0xdf00, 0xe8ff, FW_R), FWR(0xe900, 0x16dff, FW_G),
    FWR(0x16e00, 0x19fff, FW_R), FWR(0x1a000, 0x23fff, FW_G),
    FWR(0x24080, 0x2417f, FW_G), FWR(0x24180, 0x242ff, FW_R),
    FWR(0x24300, 0x243ff, FW_G), FWR(0x24400, 0x24fff, FW_R),
    FWR(0x25000, 0x3ffff, FW_G),
    FWR(0, 0, 0),
};

static const IntelOAFwRange fw_ranges_gen12[] = {
    FWR(0x2000, 0x26ff, FW_R), FWR(0x2700, 0x27ff, FW_G),
    FWR(0x2800, 0x2aff, FW_R), FWR(0x2b00, 0x2fff, FW_G),
    FWR(0x3000, 0x3fff, FW_R), FWR(0x4000, 0x51ff, FW_G),
    FWR(0x5200, 0x7fff, FW_R), FWR(0x8000, 0x813f, FW_G),
    FWR(0x8140, 0x815f, FW_R), FWR(0x8200, 0x82ff, FW_G),
    FWR(0x8300, 0x84ff, FW_R), FWR(0x8500, 0x94cf, FW_G),
    FWR(0x94d0, 0x955f, FW_R), FWR(0x9800, 0xafff, FW_G),
    FWR(0xb000, 0xb3ff, FW_R), FWR(0xb400, 0xcfff, FW_G),
    FWR(0xd800, 0xd8ff, FW_R), FWR(0xd900, 0xdbff, FW_G),
    FWR(0xdc00, 0xefff, FW_R), FWR(0xf000, 0x147ff, FW_G),
    FWR(0x14800, 0x1ffff, FW_R), FWR(0x22000, 0x23fff, FW_G),
    FWR(0x24180, 0x249ff, FW_G), FWR(0x24a00, 0x251ff, FW_R),
    FWR(0x25200, 0x255ff, FW_G), FWR(0x30000, 0x3ffff, FW_G),
    FWR(0, 0, 0),
};

static const IntelOAFwRange *const fw_range_tables[] = {
    [INTEL_OA_FW_RANGES_NONE] = NULL,
    [INTEL_OA_FW_RANGES_GEN9] = fw_ranges_gen9,
    [INTEL_OA_FW_RANGES_GEN11] = fw_ranges_gen11,
    [INTEL_OA_FW_RANGES_GEN12] = fw_ranges_gen12,
};

static const char *const fw_domain_names[] = {
    [INTEL_OA_FW_RENDER] = "render",
    [INTEL_OA_FW_BLITTER] = "GT",
    [INTEL_OA_FW_MEDIA] = "media",
};

bool intel_oa_gt_fw_allows(const IntelOAGt *gt, IntelOAViolations *viol,
                           hwaddr addr, bool write)
{
    const IntelOAFwRange *r = fw_range_tables[gt->plat->fw_ranges];
    unsigned int d;

    if (!r || gt->media || gt_fw_domain(gt, addr, false) >= 0 ||
        gt_fw_domain(gt, addr, true) >= 0) {
        return true;
    }
    for (; r->end && r->start <= addr; r++) {
        if (addr > r->end) {
            continue;
        }
        for (d = 0; d < INTEL_OA_FW_DOMAINS; d++) {
            if ((r->domains & (1u << d)) && !intel_oa_gt_fw_awake(gt, d)) {
                intel_oa_violation(viol, INTEL_OA_VIOL_FORCEWAKE_NOT_AWAKE,
                                   "%s of 0x%05" HWADDR_PRIx " while its "
                                   "forcewake domain (%s) sleeps: %s",
                                   write ? "write" : "read", addr,
                                   fw_domain_names[d],
                                   write ? "dropped" : "reads 0");
                return false;
            }
        }
        return true;
    }
    return true;
}

/* Any of this platform's read-only identity registers. */
static bool gt_read_ro(const IntelOAGt *gt, hwaddr addr, uint32_t *val)
{
    const IntelOAPlatform *p = gt->plat;
    unsigned int i;

    for (i = 0; i < ARRAY_SIZE(gt->readers); i++) {
        if (gt->readers[i](p, addr, val)) {
            return true;
        }
    }
    return false;
}

/* The media GT has none of the render GT's read-only registers. */
static bool gt_read_none(const IntelOAPlatform *p, hwaddr addr, uint32_t *val)
{
    return false;
}

void intel_oa_gt_init_media(IntelOAGt *gt, const IntelOAPlatform *plat)
{
    unsigned int i;

    gt->plat = plat;
    gt->media = true;
    for (i = 0; i < ARRAY_SIZE(gt->readers); i++) {
        gt->readers[i] = gt_read_none;
    }
    gt->fw = fw_mtl_media;
    gt->unimp = g_hash_table_new(g_direct_hash, g_direct_equal);
}

void intel_oa_gt_init(IntelOAGt *gt, const IntelOAPlatform *plat,
                      uint64_t ts_base)
{
    gt->plat = plat;
    gt->ts_base = ts_base;
    gt->readers[0] = fuse_readers[plat->fuse];
    gt->readers[1] = clock_readers[plat->gen->clock];
    gt->readers[2] = rpcap_readers[plat->rpcap];
    gt->readers[3] = cagf_readers[plat->gen->cagf];
    gt->fw = fw_tables[plat->forcewake];
    gt->unimp = g_hash_table_new(g_direct_hash, g_direct_equal);
}

/*
 * T counts OA timestamp ticks; the command streamer's clock may be
 * slower (Gen12.5: half), so RING_TIMESTAMP = floor(T * cs / oa).
 */
uint64_t intel_oa_gt_ring_timestamp(const IntelOAGt *gt)
{
    uint64_t t = intel_oa_gt_ticks(gt, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL));
    const IntelOAPlatform *p = gt->plat;

    if (p->cs_timestamp_hz && p->cs_timestamp_hz != p->timestamp_hz) {
        t = muldiv64(t, p->cs_timestamp_hz, p->timestamp_hz);
    }
    return t & MAKE_64BIT_MASK(0, TIMESTAMP_BITS);
}

bool intel_oa_gt_mmio_read(IntelOAGt *gt, hwaddr addr, uint32_t *val)
{
    uint64_t ticks;
    int d;

    switch (gt->media ? 0 : addr) {
    case A_RING_TIMESTAMP:
    case A_RING_TIMESTAMP_UDW:
        ticks = intel_oa_gt_ring_timestamp(gt);
        *val = addr == A_RING_TIMESTAMP ? (uint32_t)ticks : ticks >> 32;
        return true;
    }
    d = gt_fw_domain(gt, addr, false);
    if (d >= 0) {
        *val = gt->forcewake[d];
        return true;
    }
    d = gt_fw_domain(gt, addr, true);
    if (d >= 0) {
        /* forcewake-stuck (vgpu-contract.rst): no domain acks a wake */
        *val = gt->fw_stuck ? 0 : gt->forcewake[d];
        return true;
    }
    return gt_read_ro(gt, addr, val);
}

static void gt_read_only(hwaddr addr, uint32_t val)
{
    qemu_log_mask(LOG_GUEST_ERROR,
                  "intel-oa-gpu: register 0x%" HWADDR_PRIx " is read-only, "
                  "write of 0x%08x ignored\n", addr, val);
}

static void gt_forcewake(IntelOAGt *gt, unsigned int domain, uint32_t val)
{
    if (gt->fw[domain].masked) {
        val = masked_write(gt->forcewake[domain], val);
    }
    gt->forcewake[domain] = val & 0xffff;
    trace_intel_oa_gt_forcewake(domain, gt->forcewake[domain]);
}

bool intel_oa_gt_mmio_write(IntelOAGt *gt, hwaddr addr, uint32_t val)
{
    uint32_t dummy;
    int d = gt_fw_domain(gt, addr, false);

    if (d >= 0) {
        gt_forcewake(gt, d, val);
        return true;
    }
    if ((!gt->media &&
         (addr == A_RING_TIMESTAMP || addr == A_RING_TIMESTAMP_UDW)) ||
        gt_fw_domain(gt, addr, true) >= 0 || gt_read_ro(gt, addr, &dummy)) {
        gt_read_only(addr, val);
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
    .version_id = 3,
    .minimum_version_id = 2,
    .pre_save = gt_pre_save,
    .post_load = gt_post_load,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32_ARRAY(forcewake, IntelOAGt, INTEL_OA_FW_MAX_DOMAINS),
        VMSTATE_UINT32(unimp_len, IntelOAGt),
        VMSTATE_VARRAY_UINT32_ALLOC(unimp_pairs, IntelOAGt, unimp_len, 0,
                                    vmstate_info_uint32, uint32_t),
        VMSTATE_UINT64_V(ts_advanced, IntelOAGt, 3),
        VMSTATE_BOOL_V(fw_stuck, IntelOAGt, 3),
        VMSTATE_END_OF_LIST()
    }
};
