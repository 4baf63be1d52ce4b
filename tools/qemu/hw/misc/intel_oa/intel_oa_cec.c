/*
 * intel-oa-gpu: CEC blocks B0..B7 (Documentation/counters.rst "CEC:
 * custom event counters"), over the internal-signal and boolean buses.
 *
 * Every bus signal is a function of whether the cycle is busy and of
 * c mod 1536, so a block's truth is kept as two prefix tables over one
 * 1536-cycle period (busy, idle). Twelve slices make a whole number of
 * both the busy/idle pattern (4 slices) and the period (12 * R * 2^20
 * is a multiple of 3 * 512), so a count is "whole super-periods times
 * their count" plus at most twelve runs, each two table look-ups.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/bitops.h"
#include "qemu/host-utils.h"
#include "intel_oa_activity.h"

#define CEC_SLICE_SHIFT     20
#define CEC_SUPER_SLICES    12

enum {
    CEC_FN_GREATER = 1 << 0,
    CEC_FN_EQUAL = 1 << 1,
    CEC_FN_LESS = 1 << 2,
};

enum {
    CEC_SRC_BOOLEAN = 0,
    CEC_SRC_CHAIN = 1,
    CEC_SRC_INTERNAL = 2,
    CEC_SRC_RESERVED = 3,
};

/* Internal-signal bus bits */
#define BUS_ONE             BIT(0)
#define BUS_BUSY            BIT(1)
#define BUS_ODD_SHIFT       3
#define BUS_MOD3_SHIFT      4
#define BUS_NPIPE_SHIFT     8
#define BUS_PERIOD_SHIFT    12
/* Boolean bus: 15:8 from the internal bus, then the events */
#define BUS_SHARED_MASK     0xff00
#define BOOL_EU0_FPU0       BIT(0)
#define BOOL_EU0_FPU1       BIT(1)
#define BOOL_EU0_SEND       BIT(2)
#define BOOL_EU0_STALL      BIT(3)
#define BOOL_BUSY           BIT(4)
#define BOOL_EU0_SYSTOLIC   BIT(5)

/* Blocks per register-block variant (SNB/IVB/VLV have four). */
static const unsigned int cec_blocks[] = {
    [INTEL_OA_BLOCK_LEGACY] = 8,
    [INTEL_OA_BLOCK_OAG] = 8,
    [INTEL_OA_BLOCK_GEN6] = 4,
    [INTEL_OA_BLOCK_GEN7] = 4,
    [INTEL_OA_BLOCK_HSW] = 8,
};

unsigned int intel_oa_cec_blocks(IntelOAActivity *s)
{
    return cec_blocks[s->plat->gen->block];
}

static unsigned int cec_source(uint32_t cec0)
{
    return FIELD_EX32(cec0, OACEC0_0, SOURCE);
}

/* The two buses at cycle phase @x of the period. */
static void cec_buses(IntelOAActivity *s, bool busy, unsigned int x,
                      uint16_t *internal, uint16_t *boolean)
{
    unsigned int pipes = busy ? intel_oa_eu0_pipes(s, x) : 0;
    uint16_t v;

    v = BUS_ONE | (busy ? BUS_BUSY : 0) | (x % 2) << BUS_ODD_SHIFT |
        (x % 3) << BUS_MOD3_SHIFT | ctpop32(pipes) << BUS_NPIPE_SHIFT |
        ((x / 32) % 16) << BUS_PERIOD_SHIFT;
    *internal = v;

    v &= BUS_SHARED_MASK;
    if (busy) {
        v |= BOOL_BUSY;
        v |= pipes & INTEL_OA_PIPE_FPU0 ? BOOL_EU0_FPU0 : 0;
        v |= pipes & INTEL_OA_PIPE_FPU1 ? BOOL_EU0_FPU1 : 0;
        v |= pipes & INTEL_OA_PIPE_SEND ? BOOL_EU0_SEND : 0;
        v |= pipes & INTEL_OA_PIPE_SYSTOLIC ? BOOL_EU0_SYSTOLIC : 0;
        v |= !pipes ? BOOL_EU0_STALL : 0;
    }
    *boolean = v;
}

/* Block truth for every block at one cycle, as a bit mask. */
static unsigned int cec_eval(IntelOAActivity *s, const uint32_t *regs,
                             unsigned int nr, bool busy, unsigned int x)
{
    uint16_t internal, boolean, chain = 0;
    unsigned int n, truth = 0;

    cec_buses(s, busy, x, &internal, &boolean);
    for (n = 0; n < nr; n++) {
        uint32_t cec0 = regs[2 * n], cec1 = regs[2 * n + 1];
        uint16_t mask = FIELD_EX32(cec1, OACEC0_1, MASK);
        uint16_t value = FIELD_EX32(cec0, OACEC0_0, VALUE) & ~mask;
        unsigned int fn = FIELD_EX32(cec0, OACEC0_0, COMPARE_FN);
        unsigned int src = cec_source(cec0);
        uint16_t bus = 0, x16;

        switch (src) {
        case CEC_SRC_BOOLEAN:
            bus = boolean;
            break;
        case CEC_SRC_CHAIN:
            bus = chain;
            break;
        case CEC_SRC_INTERNAL:
            bus = internal;
            break;
        default:
            /* reserved: no bus drives the block; it is never true */
            break;
        }
        chain = bus ^ FIELD_EX32(cec1, OACEC0_1, NEGATE);
        x16 = chain & ~mask;
        if (src != CEC_SRC_RESERVED &&
            (((fn & CEC_FN_GREATER) && x16 > value) ||
             ((fn & CEC_FN_EQUAL) && x16 == value) ||
             ((fn & CEC_FN_LESS) && x16 < value))) {
            truth |= BIT(n);
        }
    }
    return truth;
}

static IntelOACycles cec_super_cycles(IntelOAActivity *s)
{
    return ((IntelOACycles)s->plat->gpu_ticks_ratio << CEC_SLICE_SHIFT) *
           CEC_SUPER_SLICES;
}

/* True cycles in [0, @y) if every cycle had busy state @busy. */
static IntelOACycles cec_upto(const IntelOACec *t, bool busy, unsigned int n,
                              IntelOACycles y)
{
    const uint16_t *p = t->prefix[busy][n];

    return y / INTEL_OA_CEC_PERIOD * p[INTEL_OA_CEC_PERIOD] +
           p[y % INTEL_OA_CEC_PERIOD];
}

/* True cycles in [0, @y) for @y at most one super-period. */
static IntelOACycles cec_head(IntelOAActivity *s, const IntelOACec *t,
                              unsigned int n, IntelOACycles y)
{
    IntelOACycles len = (IntelOACycles)s->plat->gpu_ticks_ratio <<
                        CEC_SLICE_SHIFT;
    IntelOACycles sum = 0, start;
    unsigned int slice;

    for (slice = 0; slice < CEC_SUPER_SLICES; slice++) {
        bool busy = slice % 4 != 3;

        start = slice * len;
        if (start >= y) {
            break;
        }
        sum += cec_upto(t, busy, n, MIN(y, start + len)) -
               cec_upto(t, busy, n, start);
    }
    return sum;
}

/* The prefix tables for the current registers. */
static IntelOACec *cec_tables(IntelOAActivity *s)
{
    IntelOACec *t = &s->cec;
    unsigned int nr = intel_oa_cec_blocks(s);
    unsigned int b, n, x;

    if (t->valid && !memcmp(t->regs, s->cec_regs, 2 * nr * sizeof(uint32_t))) {
        return t;
    }
    memcpy(t->regs, s->cec_regs, 2 * nr * sizeof(uint32_t));
    for (b = 0; b < 2; b++) {
        for (n = 0; n < nr; n++) {
            t->prefix[b][n][0] = 0;
        }
        for (x = 0; x < INTEL_OA_CEC_PERIOD; x++) {
            unsigned int truth = cec_eval(s, t->regs, nr, b, x);

            for (n = 0; n < nr; n++) {
                t->prefix[b][n][x + 1] = t->prefix[b][n][x] +
                                         !!(truth & BIT(n));
            }
        }
    }
    for (n = 0; n < nr; n++) {
        t->super[n] = cec_head(s, t, n, cec_super_cycles(s));
    }
    t->valid = true;
    return t;
}

bool intel_oa_cec_true_wide(IntelOAActivity *s, unsigned int n,
                            IntelOACycles c)
{
    IntelOACec *t = cec_tables(s);
    bool busy = intel_oa_cycle_busy(s, c);
    unsigned int x = c % INTEL_OA_CEC_PERIOD;

    if (n >= intel_oa_cec_blocks(s)) {
        return false;
    }
    return t->prefix[busy][n][x + 1] != t->prefix[busy][n][x];
}

bool intel_oa_cec_true(IntelOAActivity *s, unsigned int n, uint64_t c)
{
    return intel_oa_cec_true_wide(s, n, c);
}

uint64_t intel_oa_cec_count(IntelOAActivity *s, unsigned int n,
                            IntelOACycles c)
{
    IntelOACec *t = cec_tables(s);
    IntelOACycles super = cec_super_cycles(s);

    if (n >= intel_oa_cec_blocks(s)) {
        return 0;
    }
    return c / super * t->super[n] + cec_head(s, t, n, c % super);
}

void intel_oa_cec_check(IntelOAActivity *s)
{
    unsigned int n;

    for (n = 0; n < intel_oa_cec_blocks(s); n++) {
        if (cec_source(s->cec_regs[2 * n]) == CEC_SRC_RESERVED) {
            intel_oa_violation(s->viol, INTEL_OA_VIOL_CEC_RESERVED_SOURCE,
                               "OA enabled with CEC%u-0 0x%08x selecting "
                               "reserved source 3: B%u counts nothing", n,
                               s->cec_regs[2 * n], n);
        }
    }
}
