/*
 * intel-oa-gpu: the activity workload (Documentation/counters.rst).
 *
 * Every count is a closed form of the GPU cycle count c = T * R and the
 * programming, "as if programmed since T = 0": a report costs a few
 * popcounts per counter, never a walk over cycles. The synthetic EUs of
 * one subslice are all alike across subslices, so sums over present EUs
 * are sums over one subslice times the number of subslices.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/bitops.h"
#include "qemu/host-utils.h"
#include "intel_oa_activity.h"

/* counters.rst "Time base": slices of 2^20 ticks, phase 3 idle */
#define ACT_SLICE_SHIFT     20
#define ACT_PERIOD          INTEL_OA_FLEX_PERIOD
#define ACT_MAX_EUS         16
#define ACT_FLEX_A0         7
/* A35: every GPGPU thread sends one barrier message per 256 busy cycles */
#define ACT_BARRIER_CYCLES  256

/* Thread kinds (the FFID that dispatched an EU's threads). */
typedef enum ActKind {
    KIND_VS, KIND_HS, KIND_DS, KIND_GS, KIND_PS, KIND_GPGPU,
    KIND_GP1, KIND_TASK, KIND_MESH, KIND_RT_ANY, KIND_RT_CLOSEST,
    KIND_RT_MISS, KIND_COUNT
} ActKind;

/* Busy cycles between two dispatches by one EU of each kind. */
static const unsigned int act_dispatch_cycles[KIND_COUNT] = {
    [KIND_VS] = 128, [KIND_HS] = 512, [KIND_DS] = 1024, [KIND_GS] = 256,
    [KIND_PS] = 64, [KIND_GPGPU] = 2048, [KIND_GP1] = 2048,
    [KIND_TASK] = 512, [KIND_MESH] = 256, [KIND_RT_ANY] = 1024,
    [KIND_RT_CLOSEST] = 1024, [KIND_RT_MISS] = 1024,
};

/* Pipes, and the phases of the 32-cycle program each is active in. */
typedef enum ActPipe {
    PIPE_ALU0, PIPE_ALU1, PIPE_SEND, PIPE_SYSTOLIC, PIPE_CONTROL,
    PIPE_COUNT, PIPE_NONE = PIPE_COUNT
} ActPipe;

#define PHASES(lo, hi)  (MAKE_64BIT_MASK(lo, (hi) - (lo) + 1))

#define ALU0_PHASES         PHASES(0, 15)
#define ALU1_PHASES         PHASES(10, 20)
#define SEND_PHASES         PHASES(21, 23)
#define SYSTOLIC_PHASES     (PHASES(12, 15) | PHASES(24, 26))
#define CONTROL_PHASES      PHASES(27, 28)

static const uint32_t act_pipe_phases[PIPE_COUNT] = {
    [PIPE_ALU0] = ALU0_PHASES,
    [PIPE_ALU1] = ALU1_PHASES,
    [PIPE_SEND] = SEND_PHASES,
    [PIPE_SYSTOLIC] = SYSTOLIC_PHASES,
    [PIPE_CONTROL] = CONTROL_PHASES,
};

#define SEND_START_PHASE    21

/* Instruction classes per phase, in fine-filter order 0001..0100. */
enum { CLASS_HYBRID, CLASS_TERNARY, CLASS_BINARY, CLASS_MOV, CLASS_COUNT };

static const uint32_t act_class_phases[PIPE_COUNT + 1][CLASS_COUNT] = {
    [PIPE_ALU0] = {
        [CLASS_MOV] = PHASES(0, 1), [CLASS_BINARY] = PHASES(2, 7),
        [CLASS_TERNARY] = PHASES(8, 13), [CLASS_HYBRID] = PHASES(14, 15),
    },
    [PIPE_ALU1] = {
        [CLASS_MOV] = PHASES(10, 10), [CLASS_BINARY] = PHASES(11, 14),
        [CLASS_TERNARY] = PHASES(15, 19), [CLASS_HYBRID] = PHASES(20, 20),
    },
    [PIPE_SYSTOLIC] = {
        [CLASS_TERNARY] = SYSTOLIC_PHASES,
    },
};

/*
 * Flex increment events. A cycle signal is the sum of up to two terms,
 * each the phases of one pipe (its own class decides a class filter);
 * the composite signals (two pipes at once, some pipe, stall) have no
 * class.
 */
typedef enum ActSignal {
    SIG_RESERVED,       /* count 0, violation 37 */
    SIG_OFF,            /* Gen12.5 0b11111: count 0, no violation */
    SIG_PIPES,          /* the terms below */
    SIG_BOTH_ALU,       /* ALU0 and ALU1 */
    SIG_ALU0_SYSTOLIC,  /* ALU0 and SYSTOLIC */
    SIG_SOME_PIPE,
    SIG_STALL,
    SIG_THREADS,        /* threads-loaded accumulator pulses */
} ActSignal;

typedef struct ActTerm {
    uint8_t pipe;
    uint32_t phases;
} ActTerm;

/* Fine filters an event allows (bit = encoding). */
#define FINE_ALL        0xffffu
#define FINE_BASIC      (BIT(0) | BIT(7) | BIT(8) | BIT(9) | BIT(10))
#define FINE_SEND_GEN8  (FINE_BASIC | BIT(5) | BIT(6))
#define FINE_SEND_XEHP  (FINE_BASIC | BIT(5))

typedef struct ActEvent {
    uint8_t signal;
    /* only coarse filters 0000, 0111, 1000 are supported */
    bool coarse_restricted;
    uint16_t fine_allowed;
    ActTerm terms[2];
} ActEvent;

#define EV_PIPE(p_, phases_, fine_) \
    { .signal = SIG_PIPES, .fine_allowed = (fine_), \
      .terms = { { (p_), (phases_) } } }
#define EV_PHASES(p_, m_) \
    { .signal = SIG_PIPES, .fine_allowed = FINE_ALL, \
      .terms = { { (p_), (m_) } } }
#define EV_PHASES2(p0_, m0_, p1_, m1_) \
    { .signal = SIG_PIPES, .fine_allowed = FINE_ALL, \
      .terms = { { (p0_), (m0_) }, { (p1_), (m1_) } } }
#define EV_SIG(sig_, coarse_, fine_) \
    { .signal = (sig_), .coarse_restricted = (coarse_), \
      .fine_allowed = (fine_) }

/* Gen8-12 (000:618-690); unlisted encodings are reserved. */
#define ACT_EVENTS_GEN8 \
    [0x0] = EV_PIPE(PIPE_ALU0, ALU0_PHASES, FINE_ALL), \
    [0x1] = EV_PIPE(PIPE_ALU1, ALU1_PHASES, FINE_ALL), \
    [0x2] = EV_PIPE(PIPE_SEND, SEND_PHASES, FINE_SEND_GEN8), \
    [0x3] = EV_SIG(SIG_BOTH_ALU, true, FINE_BASIC), \
    [0x4] = EV_SIG(SIG_SOME_PIPE, true, FINE_SEND_GEN8), \
    [0x5] = EV_SIG(SIG_STALL, true, FINE_BASIC), \
    [0x8] = EV_SIG(SIG_THREADS, true, FINE_BASIC)

static const ActEvent act_events_gen8[32] = {
    ACT_EVENTS_GEN8,
};

/*
 * Gen9-12: Gen8's events, and 0b1111 is "off" (counts 0, no violation)
 * as Gen12.5's 0b11111 is: Intel's Gen11-12 metric sets turn the unused
 * EU_PERF_CNT_CTL6 off with 0xffffffff (counters.rst, reading 28).
 */
static const ActEvent act_events_gen9[32] = {
    ACT_EVENTS_GEN8,
    [0xf] = EV_SIG(SIG_OFF, false, FINE_ALL),
};

/* Gen12.5 (002:2027-2050), type events as phases of their pipes. */
static const ActEvent act_events_xehp[32] = {
    [0x00] = EV_PIPE(PIPE_ALU0, ALU0_PHASES, FINE_ALL),
    [0x01] = EV_PIPE(PIPE_ALU1, ALU1_PHASES, FINE_BASIC),
    [0x02] = EV_PIPE(PIPE_SEND, SEND_PHASES, FINE_SEND_XEHP),
    [0x03] = EV_SIG(SIG_BOTH_ALU, true, FINE_BASIC),
    [0x04] = EV_SIG(SIG_SOME_PIPE, false, FINE_SEND_XEHP),
    [0x05] = EV_SIG(SIG_STALL, false, FINE_BASIC),
    [0x06] = EV_PHASES(PIPE_ALU0, PHASES(5, 7)),
    [0x07] = EV_PHASES2(PIPE_ALU0, PHASES(0, 4), PIPE_ALU1, PHASES(10, 11)),
    [0x08] = EV_SIG(SIG_THREADS, true, FINE_BASIC),
    [0x09] = EV_PIPE(PIPE_SYSTOLIC, SYSTOLIC_PHASES, FINE_ALL),
    [0x0a] = EV_SIG(SIG_ALU0_SYSTOLIC, true, FINE_BASIC),
    [0x0c] = EV_PHASES(PIPE_ALU0, PHASES(11, 15)),
    [0x0d] = EV_PHASES2(PIPE_ALU0, PHASES(8, 10), PIPE_ALU1, PHASES(12, 17)),
    [0x0e] = EV_PHASES(PIPE_SYSTOLIC, PHASES(12, 12)),
    [0x0f] = EV_PHASES(PIPE_SYSTOLIC, PHASES(13, 15) | PHASES(24, 24)),
    [0x10] = EV_PHASES(PIPE_ALU1, PHASES(18, 20)),
    [0x11] = { .signal = SIG_PIPES, .coarse_restricted = true,
               .fine_allowed = FINE_ALL,
               .terms = { { PIPE_CONTROL, CONTROL_PHASES } } },
    [0x12] = EV_PHASES(PIPE_SYSTOLIC, PHASES(25, 26)),
    [0x1f] = EV_SIG(SIG_OFF, false, FINE_ALL),
};

/* Coarse event filters. */
typedef enum ActCoarseKind {
    COARSE_RESERVED, COARSE_NONE, COARSE_KIND, COARSE_ROW
} ActCoarseKind;

typedef struct ActCoarse {
    uint8_t type;
    uint8_t arg;
} ActCoarse;

#define CO_KIND(k_)     { COARSE_KIND, (k_) }
#define CO_ROW(r_)      { COARSE_ROW, (r_) }

static const ActCoarse act_coarse_gen8[16] = {
    [0] = { COARSE_NONE, 0 }, [1] = CO_KIND(KIND_VS), [2] = CO_KIND(KIND_HS),
    [3] = CO_KIND(KIND_DS), [4] = CO_KIND(KIND_GS), [5] = CO_KIND(KIND_PS),
    [6] = CO_KIND(KIND_GPGPU), [7] = CO_ROW(0), [8] = CO_ROW(1),
};

static const ActCoarse act_coarse_xehp[16] = {
    [0] = { COARSE_NONE, 0 }, [1] = CO_KIND(KIND_VS), [2] = CO_KIND(KIND_HS),
    [3] = CO_KIND(KIND_DS), [4] = CO_KIND(KIND_GS), [5] = CO_KIND(KIND_PS),
    [6] = CO_KIND(KIND_GPGPU), [7] = CO_ROW(0), [8] = CO_ROW(1),
    [9] = CO_KIND(KIND_GP1), [10] = CO_KIND(KIND_TASK),
    [11] = CO_KIND(KIND_MESH), [12] = CO_KIND(KIND_RT_ANY),
    [13] = CO_KIND(KIND_RT_CLOSEST), [14] = CO_KIND(KIND_RT_MISS),
};

#define COARSE_ALWAYS_OK    (BIT(0) | BIT(7) | BIT(8))

/* Fine filters: both generations (000:713-741, 002:2082-2097). */
enum {
    FINE_NONE = 0, FINE_CLASS_FIRST = 1, FINE_CLASS_LAST = 4,
    FINE_SEND_START = 5, FINE_EU_FIRST = 7, FINE_EU_LAST = 10,
};
#define FINE_DEFINED    (MAKE_64BIT_MASK(0, 6) | MAKE_64BIT_MASK(7, 4))

/* Fixed-function A counters (counters.rst "Fixed-function A counters"). */
typedef enum ActFixedType {
    FIXED_NONE,         /* keeps value_k(T) */
    FIXED_BUSY,         /* A0: B(c) */
    FIXED_DISPATCH,     /* n_K * floor(B / D_K) */
    FIXED_PER_PERIOD,   /* x * floor(B / 32) */
    FIXED_BARRIER,      /* sum over GPGPU EUs of Lt * floor(B / 256) */
} ActFixedType;

typedef struct ActFixed {
    uint8_t type;
    uint8_t kind;
    /* per-period count: sl * slices + ss * nSS + ps * n_PS */
    uint8_t sl, ss, ps;
} ActFixed;

#define FX_DISPATCH(k_)         { FIXED_DISPATCH, (k_) }
#define FX_PERIOD(ss_, ps_) { FIXED_PER_PERIOD, 0, 0, (ss_), (ps_) }
/* L3-side events: an L3 bank serves one line per clock per slice */
#define FX_L3(sl_, ss_) { FIXED_PER_PERIOD, 0, (sl_), (ss_) }

#define ACT_MAX_A   38

static const ActFixed act_fixed_gen8[ACT_MAX_A] = {
    [0] = { FIXED_BUSY },
    [1] = FX_DISPATCH(KIND_VS), [2] = FX_DISPATCH(KIND_HS),
    [3] = FX_DISPATCH(KIND_DS), [4] = FX_DISPATCH(KIND_GPGPU),
    [5] = FX_DISPATCH(KIND_GS), [6] = FX_DISPATCH(KIND_PS),
    [21] = FX_PERIOD(16, 0), [22] = FX_PERIOD(4, 0),
    [23] = FX_PERIOD(2, 0), [25] = FX_PERIOD(1, 0),
    [26] = FX_PERIOD(9, 0), [27] = FX_PERIOD(7, 0),
    [28] = FX_PERIOD(0, 4), [29] = FX_L3(10, 0),
    [30] = FX_L3(13, 0), [31] = FX_L3(5, 0),
    [32] = FX_L3(7, 0), [34] = FX_L3(2, 2),
    [35] = { FIXED_BARRIER },
};

/* Gen12.5: A25 and A32 undefined (reading 14), A36 / A37 GT requests. */
static const ActFixed act_fixed_xehp[ACT_MAX_A] = {
    [0] = { FIXED_BUSY },
    [1] = FX_DISPATCH(KIND_VS), [2] = FX_DISPATCH(KIND_HS),
    [3] = FX_DISPATCH(KIND_DS), [4] = FX_DISPATCH(KIND_GPGPU),
    [5] = FX_DISPATCH(KIND_GS), [6] = FX_DISPATCH(KIND_PS),
    [21] = FX_PERIOD(16, 0), [22] = FX_PERIOD(4, 0),
    [23] = FX_PERIOD(2, 0),
    [26] = FX_PERIOD(9, 0), [27] = FX_PERIOD(7, 0),
    [28] = FX_PERIOD(0, 4), [29] = FX_L3(10, 0),
    [30] = FX_L3(13, 0), [31] = FX_L3(5, 0),
    [34] = FX_L3(2, 2),
    [35] = { FIXED_BARRIER },
    [36] = FX_PERIOD(2, 0), [37] = FX_PERIOD(1, 0),
};

/* What the activity model looks like on one generation. */
/* C counters: eight, each a fixed share of every 256 busy cycles */
#define ACT_C_COUNTERS  8
#define ACT_C_PERIOD    256

typedef struct ActGen {
    /* flex EU and fixed-function A counters follow the model */
    bool has_eu_model;
    unsigned int nr_a;          /* A counters, A0 = 0 */
    unsigned int b0;            /* index of B0 */
    unsigned int c0;            /* index of C0 (no C counters: 0) */
    /* HSW: C counters count GPU cycles on the NOA routes that carry them */
    bool hsw_noa;
    unsigned int eu_threads;    /* Nt */
    uint32_t pipes;             /* pipes present, bits of ActPipe */
    /*
     * flex fields: two 12-bit fields, event 3:0, coarse 7:4, fine 11:8;
     * Gen12.5's fifth event bit of field n at bit 24 + n (event_bit4)
     */
    bool event_bit4;
    uint32_t flex_reset;
    /* the events' supported-filter lists apply (violation 36) */
    bool filter_rules;
    const ActEvent *events;
    const ActCoarse *coarse;
    const ActFixed *fixed;
    /* kind of EU e, by e mod kind_period */
    unsigned int kind_period;
    uint8_t kinds[ACT_MAX_EUS];
} ActGen;

static const ActGen act_gen7 = {
    .b0 = INTEL_OA_GEN7_CNT_B0,
    .pipes = BIT(PIPE_ALU0) | BIT(PIPE_ALU1) | BIT(PIPE_SEND),
};

static const ActGen act_gen75 = {
    .b0 = INTEL_OA_GEN7_CNT_B0,
    .c0 = INTEL_OA_GEN7_CNT_C0,
    .hsw_noa = true,
    .pipes = BIT(PIPE_ALU0) | BIT(PIPE_ALU1) | BIT(PIPE_SEND),
};

/* Gen8-12: one EU model; the generations differ in the filter rules. */
#define ACT_GEN8_EU_MODEL \
    .has_eu_model = true, \
    .nr_a = INTEL_OA_CNT_B0, \
    .b0 = INTEL_OA_CNT_B0, \
    .c0 = INTEL_OA_CNT_C0, \
    .eu_threads = 7, \
    .pipes = BIT(PIPE_ALU0) | BIT(PIPE_ALU1) | BIT(PIPE_SEND), \
    .coarse = act_coarse_gen8, \
    .fixed = act_fixed_gen8, \
    .kind_period = 8, \
    .kinds = { \
        KIND_VS, KIND_HS, KIND_DS, KIND_GS, KIND_PS, KIND_PS, KIND_PS, \
        KIND_GPGPU, \
    }

/* Gen8 (Broadwell, Cherryview): seed 000 lists the supported filters. */
static const ActGen act_gen8 = {
    ACT_GEN8_EU_MODEL,
    .events = act_events_gen8,
    .filter_rules = true,
};

/*
 * Gen9-12: no seed lists supported filters, and Intel's own metric sets
 * program kind filters with events 0011-0101 and SEND with fine 0010
 * (counters.rst, reading 27): every defined encoding counts, and 0b1111
 * is off (reading 28).
 */
static const ActGen act_gen9 = {
    ACT_GEN8_EU_MODEL,
    .events = act_events_gen9,
};

static const ActGen act_xehp = {
    .has_eu_model = true,
    .nr_a = INTEL_OA_XEHP_CNT_B0,
    .b0 = INTEL_OA_XEHP_CNT_B0,
    .c0 = INTEL_OA_XEHP_CNT_C0,
    .eu_threads = 8,
    .pipes = BIT(PIPE_ALU0) | BIT(PIPE_ALU1) | BIT(PIPE_SEND) |
             BIT(PIPE_SYSTOLIC) | BIT(PIPE_CONTROL),
    .event_bit4 = true,
    /* event 0b11111 in both fields, the seed's HW default (002:2050) */
    .flex_reset = 0x0300f00f,
    .filter_rules = true,
    .events = act_events_xehp,
    .coarse = act_coarse_xehp,
    .fixed = act_fixed_xehp,
    .kind_period = 16,
    .kinds = {
        KIND_VS, KIND_HS, KIND_DS, KIND_GS, KIND_PS, KIND_PS, KIND_PS,
        KIND_PS, KIND_GPGPU, KIND_GPGPU, KIND_GP1, KIND_TASK, KIND_MESH,
        KIND_RT_ANY, KIND_RT_CLOSEST, KIND_RT_MISS,
    },
};

static const ActGen *act_gen(IntelOAActivity *s)
{
    const IntelOAGen *gen = s->plat->gen;

    if (gen->gen < 8) {
        return gen->block == INTEL_OA_BLOCK_HSW ? &act_gen75 : &act_gen7;
    }
    /* Gen12.5 is the Gen12 OAG block plus the MMIO trigger */
    if (gen->has_mmio_trigger) {
        return &act_xehp;
    }
    return gen->gen == 8 ? &act_gen8 : &act_gen9;
}

bool intel_oa_activity_enabled(IntelOAActivity *s)
{
    return *s->workload == INTEL_OA_WORKLOAD_ACTIVITY;
}

/* ---- time base ---------------------------------------------------------- */

static IntelOACycles act_slice_cycles(IntelOAActivity *s)
{
    return (IntelOACycles)s->plat->gpu_ticks_ratio << ACT_SLICE_SHIFT;
}

IntelOACycles intel_oa_busy_before_wide(IntelOAActivity *s, IntelOACycles c)
{
    IntelOACycles len = act_slice_cycles(s);
    IntelOACycles slice = c / len, r = c % len;
    unsigned int phase = slice % 4;

    return len * (3 * (slice / 4) + MIN(phase, 3)) + (phase != 3 ? r : 0);
}

uint64_t intel_oa_busy_before(IntelOAActivity *s, uint64_t c)
{
    return intel_oa_busy_before_wide(s, c);
}

bool intel_oa_cycle_busy(IntelOAActivity *s, IntelOACycles c)
{
    return (c / act_slice_cycles(s)) % 4 != 3;
}

/* lambda(e) = 32 - 2 * e8: the program's phases left after truncation */
static uint32_t act_lambda_mask(unsigned int e)
{
    unsigned int lambda = ACT_PERIOD - 2 * (e % 8);

    return MAKE_64BIT_MASK(0, lambda);
}

static uint32_t act_eu_pipe(const ActGen *g, unsigned int pipe,
                            unsigned int e)
{
    if (!(g->pipes & BIT(pipe))) {
        return 0;
    }
    return act_pipe_phases[pipe] & act_lambda_mask(e);
}

unsigned int intel_oa_eu0_pipes(IntelOAActivity *s, unsigned int p)
{
    static const unsigned int bits[PIPE_COUNT] = {
        [PIPE_ALU0] = INTEL_OA_PIPE_FPU0, [PIPE_ALU1] = INTEL_OA_PIPE_FPU1,
        [PIPE_SEND] = INTEL_OA_PIPE_SEND,
        [PIPE_SYSTOLIC] = INTEL_OA_PIPE_SYSTOLIC,
        [PIPE_CONTROL] = INTEL_OA_PIPE_CONTROL,
    };
    const ActGen *g = act_gen(s);
    unsigned int pipe, active = 0;

    for (pipe = 0; pipe < PIPE_COUNT; pipe++) {
        if (act_eu_pipe(g, pipe, 0) & BIT(p % ACT_PERIOD)) {
            active |= bits[pipe];
        }
    }
    return active;
}

/* ---- topology ----------------------------------------------------------- */

static unsigned int act_subslices(IntelOAActivity *s)
{
    return s->plat->slices * s->plat->subslices_per_slice;
}

static unsigned int act_eus(IntelOAActivity *s)
{
    return MIN(s->plat->eus_per_subslice, ACT_MAX_EUS);
}

static unsigned int act_kind(const ActGen *g, unsigned int e)
{
    return g->kinds[e % g->kind_period];
}

static unsigned int act_threads_loaded(unsigned int e)
{
    return 1 + e % 7;
}

/* Present EUs of kind @kind. */
static uint64_t act_kind_eus(IntelOAActivity *s, const ActGen *g,
                             unsigned int kind)
{
    unsigned int e, n = 0;

    for (e = 0; e < act_eus(s); e++) {
        n += act_kind(g, e) == kind;
    }
    return (uint64_t)n * act_subslices(s);
}

/* ---- flex EU counters --------------------------------------------------- */

typedef struct ActField {
    unsigned int event, coarse, fine;
} ActField;

/* The field of flex counter A(7 + @i). */
static ActField act_flex_field(IntelOAActivity *s, const ActGen *g,
                               unsigned int i)
{
    uint32_t reg = s->flex_regs[i / 2];
    uint32_t f = extract32(reg, (i % 2) * 12, 12);
    ActField field = {
        .event = extract32(f, 0, 4),
        .coarse = extract32(f, 4, 4),
        .fine = extract32(f, 8, 4),
    };

    if (g->event_bit4) {
        field.event |= extract32(reg, 24 + i % 2, 1) << 4;
    }

    return field;
}

/* The violation a field is, or INTEL_OA_VIOL_NONE when it counts. */
static IntelOAViolation act_field_check(const ActGen *g, ActField f)
{
    const ActEvent *ev = &g->events[f.event];

    if (ev->signal == SIG_OFF) {
        return INTEL_OA_VIOL_NONE;
    }
    if (ev->signal == SIG_RESERVED ||
        g->coarse[f.coarse].type == COARSE_RESERVED ||
        !(FINE_DEFINED & BIT(f.fine))) {
        return INTEL_OA_VIOL_FLEX_RESERVED_ENCODING;
    }
    if (g->filter_rules &&
        ((ev->coarse_restricted && !(COARSE_ALWAYS_OK & BIT(f.coarse))) ||
         !(ev->fine_allowed & BIT(f.fine)))) {
        return INTEL_OA_VIOL_FLEX_UNSUPPORTED_FILTER;
    }
    return INTEL_OA_VIOL_NONE;
}

/* Whether EU @e passes the coarse filter and the fine EU# filter. */
static bool act_eu_selected(const ActGen *g, ActField f, unsigned int e)
{
    const ActCoarse *co = &g->coarse[f.coarse];

    if (co->type == COARSE_KIND && act_kind(g, e) != co->arg) {
        return false;
    }
    if (co->type == COARSE_ROW && (e / 4) % 2 != co->arg) {
        return false;
    }
    if (f.fine >= FINE_EU_FIRST && f.fine <= FINE_EU_LAST &&
        e % 4 != f.fine - FINE_EU_FIRST) {
        return false;
    }
    return true;
}

/* Phases a term keeps under the fine filter's class / send-start part. */
static uint32_t act_fine_phases(ActField f, unsigned int pipe,
                                uint32_t phases, unsigned int e)
{
    if (f.fine >= FINE_CLASS_FIRST && f.fine <= FINE_CLASS_LAST) {
        return phases & act_class_phases[pipe][f.fine - FINE_CLASS_FIRST];
    }
    if (f.fine == FINE_SEND_START) {
        /* a send starts only when lambda leaves phase 21 in the program */
        return phases & act_lambda_mask(e) & BIT(SEND_START_PHASE);
    }
    return phases;
}

/*
 * Active phases of EU @e for a cycle event, before the fine filter;
 * composite signals return their class-less phase set in @terms[0].
 */
static unsigned int act_event_terms(const ActGen *g, const ActEvent *ev,
                                    unsigned int e, ActTerm terms[2])
{
    uint32_t some = 0;
    unsigned int pipe, n = 0;

    for (pipe = 0; pipe < PIPE_COUNT; pipe++) {
        some |= act_eu_pipe(g, pipe, e);
    }
    switch (ev->signal) {
    case SIG_PIPES:
        for (n = 0; n < 2 && ev->terms[n].phases; n++) {
            terms[n].pipe = ev->terms[n].pipe;
            terms[n].phases = ev->terms[n].phases &
                              act_eu_pipe(g, ev->terms[n].pipe, e);
        }
        return n;
    case SIG_BOTH_ALU:
        terms[0].phases = act_eu_pipe(g, PIPE_ALU0, e) &
                          act_eu_pipe(g, PIPE_ALU1, e);
        break;
    case SIG_ALU0_SYSTOLIC:
        terms[0].phases = act_eu_pipe(g, PIPE_ALU0, e) &
                          act_eu_pipe(g, PIPE_SYSTOLIC, e);
        break;
    case SIG_SOME_PIPE:
        terms[0].phases = some;
        break;
    case SIG_STALL:
        terms[0].phases = ~some;
        break;
    default:
        return 0;
    }
    terms[0].pipe = PIPE_NONE;
    return 1;
}

/* Fill @fc's entry for flex counter A(7 + @i). */
static void act_flex_build(IntelOAActivity *s, const ActGen *g,
                           IntelOAFlexCache *fc, unsigned int i)
{
    ActField f = act_flex_field(s, g, i);
    const ActEvent *ev = &g->events[f.event];
    unsigned int e, t, nt, h;

    fc->threads[i] = ev->signal == SIG_THREADS;
    fc->threads_eus[i] = 0;
    memset(fc->head[i], 0, sizeof(fc->head[i]));
    if (ev->signal == SIG_OFF || act_field_check(g, f) != INTEL_OA_VIOL_NONE) {
        /* counts 0: no EU selected, no slot */
        fc->threads[i] = false;
        return;
    }
    for (e = 0; e < act_eus(s); e++) {
        ActTerm terms[2];

        if (!act_eu_selected(g, f, e)) {
            continue;
        }
        if (fc->threads[i]) {
            fc->threads_eus[i] |= BIT(e);
            continue;
        }
        nt = act_event_terms(g, ev, e, terms);
        for (t = 0; t < nt; t++) {
            uint32_t m = act_fine_phases(f, terms[t].pipe, terms[t].phases,
                                         e);

            for (h = 0; h <= INTEL_OA_FLEX_PERIOD; h++) {
                fc->head[i][h] += ctpop64(m & ((1ull << h) - 1));
            }
        }
    }
}

static IntelOAFlexCache *act_flex_cache(IntelOAActivity *s, const ActGen *g)
{
    IntelOAFlexCache *fc = &s->flex_cache;
    unsigned int i;

    if (fc->valid && !memcmp(fc->regs, s->flex_regs, sizeof(fc->regs))) {
        return fc;
    }
    memcpy(fc->regs, s->flex_regs, sizeof(fc->regs));
    for (i = 0; i < INTEL_OA_FLEX_COUNTERS; i++) {
        act_flex_build(s, g, fc, i);
    }
    fc->valid = true;
    return fc;
}

/* E_X(c) summed over the selected EUs, or their accumulator pulses. */
static uint64_t act_flex_count(IntelOAActivity *s, const ActGen *g,
                               unsigned int i, IntelOACycles busy)
{
    IntelOAFlexCache *fc = act_flex_cache(s, g);
    IntelOACycles sum = 0;
    unsigned int e;

    if (fc->threads[i]) {
        for (e = 0; e < act_eus(s); e++) {
            if (fc->threads_eus[i] & BIT(e)) {
                sum += act_threads_loaded(e) * busy / g->eu_threads;
            }
        }
    } else {
        sum = busy / ACT_PERIOD * fc->head[i][INTEL_OA_FLEX_PERIOD] +
              fc->head[i][busy % ACT_PERIOD];
    }
    return sum * act_subslices(s);
}

/* ---- fixed-function A counters ------------------------------------------ */

static uint64_t act_fixed_count(IntelOAActivity *s, const ActGen *g,
                                const ActFixed *fx, IntelOACycles busy)
{
    IntelOACycles per_period = 0;
    unsigned int e;

    switch (fx->type) {
    case FIXED_BUSY:
        return busy;
    case FIXED_DISPATCH:
        return act_kind_eus(s, g, fx->kind) *
               (busy / act_dispatch_cycles[fx->kind]);
    case FIXED_BARRIER:
        for (e = 0; e < act_eus(s); e++) {
            if (act_kind(g, e) == KIND_GPGPU) {
                per_period += act_threads_loaded(e);
            }
        }
        return per_period * act_subslices(s) *
               (busy / ACT_BARRIER_CYCLES);
    default:
        break;
    }
    /* the events of a period land on its last cycle (reading 11) */
    per_period = fx->sl * s->plat->slices + fx->ss * act_subslices(s) +
                 fx->ps * act_kind_eus(s, g, KIND_PS);
    return per_period * (busy / ACT_PERIOD);
}

/* ---- counters ----------------------------------------------------------- */

/*
 * gen6-gen7.rst "Haswell's C counters": the NOA routes Intel's oa-hsw.xml
 * reads the GPU clock through, inferred from its programming. Lanes 8-15
 * feed C0-C7; a route is a lane's source, and for source 0 the GTI select
 * 0x253a4 that only the sets reading the clock there write.
 */
static const struct {
    unsigned int c;             /* C counter, lane 8 + c */
    unsigned int source;        /* the lane's 5-bit field */
    bool any_253a4;
    uint32_t reg_253a4;
} act_hsw_clock_routes[] = {
    { 2, 8, true, 0 },                  /* RenderBasic, ComputeBasic */
    { 7, 0, false, 0x34300000 },        /* MemoryReads, MemoryWrites */
};

static bool act_hsw_c_clock(IntelOAActivity *s, unsigned int c)
{
    unsigned int lane = 8 + c, i, source;

    source = extract32(s->noa_out_regs[lane / INTEL_OA_HSW_NOA_LANES_PER_REG],
                       INTEL_OA_HSW_NOA_LANE_BITS *
                       (lane % INTEL_OA_HSW_NOA_LANES_PER_REG),
                       INTEL_OA_HSW_NOA_LANE_BITS);
    for (i = 0; i < ARRAY_SIZE(act_hsw_clock_routes); i++) {
        if (act_hsw_clock_routes[i].c == c &&
            act_hsw_clock_routes[i].source == source &&
            (act_hsw_clock_routes[i].any_253a4 ||
             act_hsw_clock_routes[i].reg_253a4 ==
             s->noa_out_regs[INTEL_OA_HSW_NOA_253A4_IDX])) {
            return true;
        }
    }
    return false;
}

/*
 * C counter @n over the first @busy busy cycles (counters.rst "C
 * counters"): n + 1 events in every 256 busy cycles, on their first
 * n + 1, so at most one per clock and 8/256 of the clocks at most.
 */
static uint64_t act_c_count(IntelOACycles busy, unsigned int n)
{
    IntelOACycles whole = busy / ACT_C_PERIOD, part = busy % ACT_C_PERIOD;

    return (uint64_t)(whole * (n + 1) + MIN(part, (IntelOACycles)n + 1));
}

bool intel_oa_activity_count_wide(IntelOAActivity *s, unsigned int k,
                                  IntelOACycles c, uint64_t *n)
{
    const ActGen *g = act_gen(s);
    IntelOACycles busy;

    if (!intel_oa_activity_enabled(s)) {
        return false;
    }
    if (g->hsw_noa && k >= g->c0 && k < g->c0 + ACT_C_COUNTERS &&
        act_hsw_c_clock(s, k - g->c0)) {
        *n = c;
        return true;
    }
    if (g->c0 && k >= g->c0 && k < g->c0 + ACT_C_COUNTERS) {
        *n = act_c_count(intel_oa_busy_before_wide(s, c), k - g->c0);
        return true;
    }
    if (k >= g->b0 && k < g->b0 + INTEL_OA_CEC_BLOCKS) {
        /* blocks a generation lacks count nothing (B4..B7 on SNB) */
        *n = k - g->b0 < intel_oa_cec_blocks(s) ?
             intel_oa_cec_count(s, k - g->b0, c) : 0;
        return true;
    }
    if (!g->has_eu_model || k >= g->nr_a) {
        return false;
    }
    busy = intel_oa_busy_before_wide(s, c);
    if (k >= ACT_FLEX_A0 && k < ACT_FLEX_A0 + INTEL_OA_FLEX_COUNTERS) {
        *n = act_flex_count(s, g, k - ACT_FLEX_A0, busy);
        return true;
    }
    if (g->fixed[k].type == FIXED_NONE) {
        return false;
    }
    *n = act_fixed_count(s, g, &g->fixed[k], busy);
    return true;
}

bool intel_oa_activity_count(IntelOAActivity *s, unsigned int k,
                             uint64_t c, uint64_t *n)
{
    return intel_oa_activity_count_wide(s, k, c, n);
}

bool intel_oa_activity_count_at(IntelOAActivity *s, unsigned int k,
                                uint64_t ts, uint64_t *n)
{
    return intel_oa_activity_count_wide(s, k, (IntelOACycles)ts *
                                        s->plat->gpu_ticks_ratio, n);
}

void intel_oa_activity_check(IntelOAActivity *s)
{
    const ActGen *g = act_gen(s);
    unsigned int i;

    if (!intel_oa_activity_enabled(s)) {
        return;
    }
    for (i = 0; g->has_eu_model && i < INTEL_OA_FLEX_COUNTERS; i++) {
        ActField f = act_flex_field(s, g, i);
        IntelOAViolation v = act_field_check(g, f);

        if (v != INTEL_OA_VIOL_NONE) {
            intel_oa_violation(s->viol, v, "OA enabled with A%u's flex "
                               "field event 0x%x, coarse 0x%x, fine 0x%x "
                               "in EU_PERF_CNT_CTL%u 0x%08x: %s",
                               ACT_FLEX_A0 + i, f.event, f.coarse, f.fine,
                               i / 2, s->flex_regs[i / 2],
                               v == INTEL_OA_VIOL_FLEX_RESERVED_ENCODING ?
                               "reserved encoding, the counter counts 0" :
                               "filter the event does not support, the "
                               "counter counts 0");
        }
    }
    intel_oa_cec_check(s);
}

void intel_oa_activity_init(IntelOAActivity *s, const IntelOAPlatform *plat,
                            IntelOAViolations *viol,
                            const uint32_t *workload, uint32_t *flex_regs,
                            const uint32_t *cec_regs,
                            const uint32_t *noa_out_regs)
{
    s->plat = plat;
    s->viol = viol;
    s->workload = workload;
    s->flex_regs = flex_regs;
    s->cec_regs = cec_regs;
    s->noa_out_regs = noa_out_regs;
    s->cec.valid = false;
    s->flex_cache.valid = false;
}

void intel_oa_activity_reset(IntelOAActivity *s)
{
    const ActGen *g = act_gen(s);
    unsigned int i;

    for (i = 0; i < INTEL_OA_NUM_FLEX; i++) {
        s->flex_regs[i] = g->flex_reset;
    }
    s->cec.valid = false;
    s->flex_cache.valid = false;
}
