/*
 * intel-oa-gpu: Gen12.5 forcewake and steering checks over seed 002's
 * "Force Wake and Steering Table" (lines "MMIO Range Start .. Steering",
 * 0x0 - 0x3ffff; empty rows left out, adjacent rows of one kind merged).
 *
 * Instance presence follows the seed's termination notes and fuse
 * reflections (0x913c/0x9144 DSS, 0x9118 meml3): DSS d = sliceid * 4 +
 * subsliceid; GSLICE s with any of DSS 4s..4s+3; MSLICE q with its meml3
 * bit or any DSS of quadrant q (i915 ORs the two likewise); LNCF and
 * L3BANK by their quadrant's MSLICE (LNCF sliceid / 2, L3 bank index
 * sliceid * 4 + subsliceid, 8 banks per quadrant); SQIDI per topology.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "intel_oa_regs.h"
#include "intel_oa_steer.h"
#include "trace.h"

/* Only this part of the register space has table entries. */
#define STEER_LIMIT     0x40000

/* Wake domains as INTEL_OA_FW_XEHP_* indices; AON is never checked. */
#define FW_AON          0xff
#define FW_GT           INTEL_OA_FW_XEHP_GT
#define FW_RENDER       INTEL_OA_FW_XEHP_RENDER
#define FW_VD(n)        (INTEL_OA_FW_XEHP_VD0 + (n))
#define FW_VE(n)        (INTEL_OA_FW_XEHP_VE0 + (n))

typedef enum SteerGroup {
    MCR_NONE,
    MCR_SQIDI,
    MCR_MSLICE,
    MCR_GSLICE,
    MCR_DSS,
    MCR_L3BANK,
    MCR_LNCF,
} SteerGroup;

static const char *const group_names[] = {
    [MCR_NONE] = "-",
    [MCR_SQIDI] = "SQIDI",
    [MCR_MSLICE] = "MSLICE",
    [MCR_GSLICE] = "GSLICE",
    [MCR_DSS] = "DSS",
    [MCR_L3BANK] = "L3BANK",
    [MCR_LNCF] = "LNCF",
};

typedef struct SteerRange {
    uint32_t start;
    uint32_t end;
    uint8_t domain;
    uint8_t group;
} SteerRange;

static const SteerRange steer_ranges[] = {
    { 0x00b00, 0x00bff, FW_AON, MCR_SQIDI },
    { 0x00c00, 0x00fff, FW_AON, MCR_NONE },
    { 0x01000, 0x01fff, FW_AON, MCR_SQIDI },
    { 0x02000, 0x026ff, FW_RENDER, MCR_NONE },
    { 0x02700, 0x03fff, FW_GT, MCR_NONE },
    { 0x04000, 0x04aff, FW_GT, MCR_MSLICE },
    { 0x05000, 0x051ff, FW_AON, MCR_NONE },
    { 0x05200, 0x052ff, FW_RENDER, MCR_GSLICE },
    { 0x05300, 0x053ff, FW_RENDER, MCR_NONE },
    { 0x05400, 0x07fff, FW_RENDER, MCR_GSLICE },
    { 0x08000, 0x0813f, FW_GT, MCR_NONE },
    { 0x08140, 0x0814f, FW_RENDER, MCR_GSLICE },
    { 0x08150, 0x0815f, FW_RENDER, MCR_DSS },
    { 0x08180, 0x081ff, FW_AON, MCR_NONE },
    { 0x08200, 0x082ff, FW_GT, MCR_NONE },
    { 0x08300, 0x084ff, FW_RENDER, MCR_NONE },
    { 0x08500, 0x086ff, FW_GT, MCR_NONE },
    { 0x08700, 0x087ff, FW_GT, MCR_SQIDI },
    { 0x08c80, 0x08cff, FW_GT, MCR_L3BANK },
    { 0x08d00, 0x08dff, FW_RENDER, MCR_DSS },
    { 0x09000, 0x0947f, FW_GT, MCR_NONE },
    { 0x094d0, 0x0951f, FW_RENDER, MCR_GSLICE },
    { 0x09520, 0x0955f, FW_RENDER, MCR_DSS },
    { 0x09560, 0x095ff, FW_AON, MCR_NONE },
    { 0x09680, 0x096ff, FW_RENDER, MCR_DSS },
    { 0x09800, 0x0afff, FW_GT, MCR_NONE },
    { 0x0b000, 0x0b0ff, FW_GT, MCR_LNCF },
    { 0x0b100, 0x0b3ff, FW_GT, MCR_L3BANK },
    { 0x0b400, 0x0b4ff, FW_GT, MCR_NONE },
    { 0x0c000, 0x0c7ff, FW_GT, MCR_NONE },
    { 0x0c800, 0x0cfff, FW_GT, MCR_MSLICE },
    { 0x0d000, 0x0d7ff, FW_AON, MCR_NONE },
    { 0x0d800, 0x0d87f, FW_RENDER, MCR_GSLICE },
    { 0x0d880, 0x0d8ff, FW_GT, MCR_LNCF },
    { 0x0d900, 0x0dbff, FW_GT, MCR_NONE },
    { 0x0dc00, 0x0dcff, FW_RENDER, MCR_GSLICE },
    { 0x0dd00, 0x0ddff, FW_GT, MCR_MSLICE },
    { 0x0de80, 0x0dfff, FW_RENDER, MCR_DSS },
    { 0x0e100, 0x0e8ff, FW_RENDER, MCR_DSS },
    { 0x0e900, 0x0e9ff, FW_GT, MCR_MSLICE },
    { 0x0f000, 0x0ffff, FW_GT, MCR_MSLICE },
    { 0x12000, 0x127ff, FW_AON, MCR_NONE },
    { 0x13000, 0x131ff, FW_VD(0), MCR_NONE },
    { 0x13200, 0x133ff, FW_VD(2), MCR_NONE },
    { 0x14000, 0x141ff, FW_VD(0), MCR_NONE },
    { 0x14200, 0x143ff, FW_VD(2), MCR_NONE },
    { 0x14400, 0x145ff, FW_VD(4), MCR_NONE },
    { 0x14600, 0x147ff, FW_VD(6), MCR_NONE },
    { 0x14800, 0x14fff, FW_RENDER, MCR_NONE },
    { 0x15000, 0x15fff, FW_GT, MCR_NONE },
    { 0x16e00, 0x16fff, FW_RENDER, MCR_NONE },
    { 0x17000, 0x17fff, FW_RENDER, MCR_GSLICE },
    { 0x18000, 0x1ffff, FW_RENDER, MCR_NONE },
    { 0x20000, 0x20fff, FW_VD(0), MCR_NONE },
    { 0x22000, 0x23fff, FW_GT, MCR_NONE },
    { 0x24000, 0x2407f, FW_AON, MCR_NONE },
    { 0x24180, 0x241ff, FW_GT, MCR_NONE },
    { 0x24a00, 0x24a7f, FW_RENDER, MCR_DSS },
    { 0x25200, 0x252ff, FW_GT, MCR_NONE },
    { 0x26000, 0x27fff, FW_RENDER, MCR_NONE },
    { 0x30000, 0x3ffff, FW_GT, MCR_NONE },
};

static const SteerRange *steer_lookup(hwaddr addr)
{
    size_t lo = 0, hi = ARRAY_SIZE(steer_ranges);

    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        const SteerRange *r = &steer_ranges[mid];

        if (addr < r->start) {
            hi = mid;
        } else if (addr > r->end) {
            lo = mid + 1;
        } else {
            return r;
        }
    }
    return NULL;
}

/* Whether the instance MCR_SELECTOR unicasts to exists on this part. */
static bool steer_present(const IntelOASteer *st, SteerGroup g)
{
    unsigned int s = FIELD_EX32(st->mcr_selector, MCR_SELECTOR, SLICE);
    unsigned int ss = FIELD_EX32(st->mcr_selector, MCR_SELECTOR, SUBSLICE);

    switch (g) {
    case MCR_SQIDI:
        return st->sqidi & (1u << ss);
    case MCR_MSLICE:
        return s < 4 && st->mslice & (1u << s);
    case MCR_GSLICE:
        return s < 8 && st->gslice & (1u << s);
    case MCR_DSS:
        return s < 8 && ss < 4 && st->dss & (1u << (4 * s + ss));
    case MCR_L3BANK:
        return s < 8 && ss < 4 && st->mslice & (1u << (s / 2));
    case MCR_LNCF:
        return s < 8 && ss < 2 && st->mslice & (1u << (s / 2));
    default:
        return true;
    }
}

bool intel_oa_steer_check(IntelOASteer *st, hwaddr addr, bool write)
{
    const SteerRange *r;
    bool multicast;

    if (!st->enabled || addr >= STEER_LIMIT) {
        return false;
    }
    r = steer_lookup(addr);
    if (!r) {
        return false;
    }
    if (r->domain != FW_AON && !intel_oa_gt_fw_is_request(st->gt, addr) &&
        !intel_oa_gt_fw_awake(st->gt, r->domain)) {
        intel_oa_violation(st->viol, INTEL_OA_VIOL_FORCEWAKE_NOT_AWAKE,
                           "%s of 0x%05" HWADDR_PRIx " while its forcewake "
                           "domain %u is not acknowledged",
                           write ? "write" : "read", addr, r->domain);
    }
    if (r->group == MCR_NONE) {
        return false;
    }
    multicast = FIELD_EX32(st->mcr_selector, MCR_SELECTOR, MULTICAST);
    if (write) {
        if (!multicast) {
            intel_oa_violation(st->viol, INTEL_OA_VIOL_MCR_UNICAST_WRITE,
                               "write to replicated %s register 0x%05"
                               HWADDR_PRIx " with MCR_SELECTOR 0x%08x "
                               "(multicast clear)", group_names[r->group],
                               addr, st->mcr_selector);
        }
        return false;
    }
    if (multicast) {
        intel_oa_violation(st->viol, INTEL_OA_VIOL_MCR_READ_MULTICAST,
                           "read of replicated %s register 0x%05"
                           HWADDR_PRIx " with MCR_SELECTOR multicast set",
                           group_names[r->group], addr);
        return false;
    }
    if (!steer_present(st, r->group)) {
        intel_oa_violation(st->viol, INTEL_OA_VIOL_MCR_READ_FUSED_OFF,
                           "read of replicated %s register 0x%05"
                           HWADDR_PRIx " steered (MCR_SELECTOR 0x%08x) to "
                           "a fused-off instance; reads 0",
                           group_names[r->group], addr, st->mcr_selector);
        return true;
    }
    return false;
}

bool intel_oa_steer_mmio_read(IntelOASteer *st, hwaddr addr, uint32_t *val)
{
    if (!st->enabled || addr != A_MCR_SELECTOR) {
        return false;
    }
    *val = st->mcr_selector;
    return true;
}

bool intel_oa_steer_mmio_write(IntelOASteer *st, hwaddr addr, uint32_t val)
{
    if (!st->enabled || addr != A_MCR_SELECTOR) {
        return false;
    }
    st->mcr_selector = val & (R_MCR_SELECTOR_MULTICAST_MASK |
                              R_MCR_SELECTOR_SLICE_MASK |
                              R_MCR_SELECTOR_SUBSLICE_MASK);
    trace_intel_oa_steer_selector(st->mcr_selector);
    return true;
}

void intel_oa_steer_init(IntelOASteer *st, const IntelOAPlatform *plat,
                         IntelOAGt *gt, IntelOAViolations *viol)
{
    unsigned int i;

    st->enabled = plat->has_steering;
    st->plat = plat;
    st->gt = gt;
    st->viol = viol;
    st->dss = plat->dss_mask;
    st->gslice = 0;
    st->mslice = plat->mslice_mask;
    for (i = 0; i < 8; i++) {
        if ((plat->dss_mask >> (4 * i)) & 0xf) {
            st->gslice |= 1u << i;
        }
        /* a quadrant is 8 DSS; its MSLICE lives while any DSS does */
        if (i < 4 && (plat->dss_mask >> (8 * i)) & 0xff) {
            st->mslice |= 1u << i;
        }
    }
    st->sqidi = plat->sqidi_mask;
}

void intel_oa_steer_reset(IntelOASteer *st)
{
    /* the model's reset value: unicast to instance 0/0 (dg2.rst) */
    st->mcr_selector = 0;
}

const VMStateDescription vmstate_intel_oa_steer = {
    .name = "intel-oa-gpu/steer",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(mcr_selector, IntelOASteer),
        VMSTATE_END_OF_LIST()
    }
};
