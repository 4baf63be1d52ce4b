#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""qtests of the intel-oa-gpu "activity" workload: flex EU counters,
fixed-function A counters and the CEC blocks behind the B counters.

Every expectation comes from Documentation/counters.rst: the worked
examples' printed numbers, and a cycle-level model of the page written
here (phase by phase, not the device's closed forms).

Usage: intel_oa_activity_qtest.py [path/to/qemu-system-x86_64] [-k substr]
"""

import os
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from intel_oa_qtest import (  # noqa: E402
    OAG, PLATFORMS, TS_HZ, CTL_LAST, CTL_VIOLATIONS, CTX_SLICE,
    OABuffer, QTest, collect_tests, counter, eq, mcr_rd, mcr_wr, migrate,
    run_tests, start, start_block, stop, Gen7Buffer, gen7_qt, OACONTROL7,
    OASTATUS1, OATAILPTR, plat)

CTL_VERSION, CTL_WORKLOAD = 0x004, 0x054
VIOL_UNSUPPORTED, VIOL_RESERVED, VIOL_CEC_SOURCE = 36, 37, 38
FLEX = (0xe458, 0xe558, 0xe658, 0xe758, 0xe45c, 0xe55c, 0xe65c)
CEC_GEN8, CEC_GEN12, CEC_GEN6 = 0x2770, 0xd940, 0x2390
TGL_TS_HZ, TGL_R = 19200000, 30
XEHP_TS_HZ, XEHP_R = 38400000, 50

# ---- the page's synthetic GPU, cycle by cycle -------------------------------


def c_count(n, c, R):
    # counters.rst "C counters": the first n + 1 of every 256 busy cycles
    b = busy_before(c, R)
    return b // 256 * (n + 1) + min(b % 256, n + 1)


def busy_before(c, R):
    """B(c): busy cycles in [0, c), counting slice by slice."""
    L = R << 20
    full, r = divmod(c, L)
    busy_full = full - full // 4                # slices 3, 7, 11 .. idle
    return busy_full * L + (r if full % 4 != 3 else 0)


def eu_pipes(e, p, xehp):
    """Pipes EU e runs at phase p of a busy period."""
    if p >= 32 - 2 * (e % 8):
        return set()
    on = set()
    if p <= 15:
        on.add('alu0')
    if 10 <= p <= 20:
        on.add('alu1')
    if 21 <= p <= 23:
        on.add('send')
    if xehp and (12 <= p <= 15 or 24 <= p <= 26):
        on.add('sys')
    if xehp and 27 <= p <= 28:
        on.add('ctl')
    return on


def insn_class(pipe, p):
    if pipe == 'alu0':
        return 'mov' if p <= 1 else 'binary' if p <= 7 else \
            'ternary' if p <= 13 else 'hybrid'
    if pipe == 'alu1':
        return 'mov' if p == 10 else 'binary' if p <= 14 else \
            'ternary' if p <= 19 else 'hybrid'
    return 'ternary' if pipe == 'sys' else None


def kind_of(e, xehp):
    if xehp:
        return ('VS', 'HS', 'DS', 'GS', 'PS', 'PS', 'PS', 'PS', 'GPGPU',
                'GPGPU', 'GP1', 'TASK', 'MESH', 'RTA', 'RTC', 'RTM')[e % 16]
    return ('VS', 'HS', 'DS', 'GS', 'PS', 'PS', 'PS', 'GPGPU')[e % 8]


# Gen12.5 type events: (pipe, first phase, last phase) slots
TYPE_SLOTS = {
    0x06: [('alu0', 5, 7)],
    0x07: [('alu0', 0, 4), ('alu1', 10, 11)],
    0x0c: [('alu0', 11, 15)],
    0x0d: [('alu0', 8, 10), ('alu1', 12, 17)],
    0x0e: [('sys', 12, 12)],
    0x0f: [('sys', 13, 15), ('sys', 24, 24)],
    0x10: [('alu1', 18, 20)],
    0x12: [('sys', 25, 26)],
}


def slots(event, e, p, xehp):
    """(pipe or None) for each slot the event counts on EU e at phase p."""
    on = eu_pipes(e, p, xehp)
    if xehp and event in TYPE_SLOTS:
        return [pipe for pipe, lo, hi in TYPE_SLOTS[event]
                if pipe in on and lo <= p <= hi]
    single = {0: 'alu0', 1: 'alu1', 2: 'send'}
    if xehp:
        single.update({0x09: 'sys', 0x11: 'ctl'})
    if event in single:
        return [single[event]] if single[event] in on else []
    if event == 3:
        return [None] if {'alu0', 'alu1'} <= on else []
    if xehp and event == 0x0a:
        return [None] if {'alu0', 'sys'} <= on else []
    if event == 4:
        return [None] if on else []
    if event == 5:
        return [] if on else [None]
    raise ValueError(event)


CLASSES = {1: 'hybrid', 2: 'ternary', 3: 'binary', 4: 'mov'}
COARSE_KINDS = {1: 'VS', 2: 'HS', 3: 'DS', 4: 'GS', 5: 'PS', 6: 'GPGPU',
                9: 'GP1', 10: 'TASK', 11: 'MESH', 12: 'RTA', 13: 'RTC',
                14: 'RTM'}


def eu_passes(coarse, fine, e, xehp):
    if coarse in COARSE_KINDS and kind_of(e, xehp) != COARSE_KINDS[coarse]:
        return False
    if coarse in (7, 8) and (e // 4) % 2 != coarse - 7:
        return False
    if 7 <= fine <= 10 and e % 4 != fine - 7:
        return False
    return True


def flex_count(field, c, R, nss, neu, xehp):
    """N of one valid flex field over [0, c), summing per cycle phase."""
    if xehp:
        event, coarse, fine = field & 0x1f, (field >> 5) & 0xf, \
            (field >> 9) & 0xf
    else:
        event, coarse, fine = field & 0xf, (field >> 4) & 0xf, \
            (field >> 8) & 0xf
    nt = 8 if xehp else 7
    B = busy_before(c, R)
    total = 0
    for e in range(neu):
        if not eu_passes(coarse, fine, e, xehp):
            continue
        if event == 8:
            total += (1 + e % 7) * B // nt
            continue
        per = head = 0
        for p in range(32):
            n = 0
            for pipe in slots(event, e, p, xehp):
                if fine in CLASSES and insn_class(pipe, p) != CLASSES[fine]:
                    continue
                if fine == 5 and not (p == 21 and 32 - 2 * (e % 8) > 21):
                    continue
                n += 1
            per += n
            head += n if p < B % 32 else 0
        total += per * (B // 32) + head
    return total * nss


DISPATCH = {'VS': 128, 'HS': 512, 'DS': 1024, 'GS': 256, 'PS': 64,
            'GPGPU': 2048}
DISPATCH_A = {1: 'VS', 2: 'HS', 3: 'DS', 4: 'GPGPU', 5: 'GS', 6: 'PS'}


def fixed_count(k, c, R, nss, neu, xehp, sl=1):
    """N of fixed-function counter A<k>, or None when it stays linear."""
    B = busy_before(c, R)
    kinds = [kind_of(e, xehp) for e in range(neu)]
    n_kind = lambda kd: kinds.count(kd) * nss
    # the L3-side counts (A29..A32, A34's SLM atomics) are per slice
    per_period = {
        21: 16 * nss, 22: 4 * nss, 23: 2 * nss, 26: 9 * nss, 27: 7 * nss,
        28: 4 * n_kind('PS'), 29: 10 * sl, 30: 13 * sl, 31: 5 * sl,
        34: 2 * sl + 2 * nss,
    }
    if xehp:
        per_period.update({36: 2 * nss, 37: nss})
    else:
        per_period.update({25: nss, 32: 7 * sl})
    if k == 0:
        return B
    if k in DISPATCH_A:
        return n_kind(DISPATCH_A[k]) * (B // DISPATCH[DISPATCH_A[k]])
    if k == 35:
        return sum(1 + e % 7 for e in range(neu)
                   if kinds[e] == 'GPGPU') * nss * (B // 256)
    if k in per_period:
        return per_period[k] * (B // 32)
    return None


# ---- report decoding --------------------------------------------------------

def decode_fmt5(rep):
    """Gen8-12 select 5: A0..A31 40-bit, A32..A35, B0..B7, C0..C7."""
    dw = struct.unpack('<64I', rep)
    a = [dw[4 + i] | (rep[160 + i] << 32) for i in range(32)]
    a += list(dw[36:40])
    return dict(ts=dw[1], A=a, B=list(dw[48:56]), C=list(dw[56:64]))


def decode_xehp1(rep):
    """Gen12.5 select 1: 64-bit A0..A37 from DW8, B at DW88."""
    dw = struct.unpack('<112I', rep)
    a = [dw[8 + 2 * i] | (dw[9 + 2 * i] << 32) for i in range(38)]
    return dict(ts=dw[2] | (dw[3] << 32), A=a, B=list(dw[88:96]))


def find_reports(buf, rs, count, decode, tail):
    """The first @count reports; reading @tail lands every due report."""
    buf.qt.rd(tail)
    return [decode(buf.read(i * rs, rs)) for i in range(count)]


def by_ts(reports, T, mask=0xffffffff):
    hits = [r for r in reports if r['ts'] == T & mask]
    if not hits:
        raise AssertionError('no report at T %d (have %s)' %
                             (T, [r['ts'] for r in reports]))
    return hits[0]


def ns_at(T, hz):
    """A virtual time at which the GPU timestamp has just reached T."""
    return -(-T * 10**9 // hz)


def step_to_ts(qt, T, hz):
    qt.step(max(0, ns_at(T, hz) - qt.now))


def activity_qt(qemu, name_props='', **kw):
    return QTest(qemu, ',workload=activity' + name_props, **kw)


# ---- worked example 1 (counters.rst) ----------------------------------------

EX_T0 = 4 * 2**20 + 4096
EX_T1 = EX_T0 + 8192
SKL = dict(R=50, nss=3, neu=8, xehp=False)


def skl_interval(qemu, regs, cec=()):
    """Reports at the examples' T0 and T1 on skl under @regs (flex) and
    @cec (address, value) pairs. Exponent 11 (P = 4096) puts timer
    reports on both T0 and T1 = T0 + 8192 (exponent 12's P = 8192 does
    not divide T0)."""
    qt = activity_qt(qemu)
    buf = OABuffer(qt)
    for addr, val in list(regs) + list(cec):
        qt.wr(addr, val)
    step_to_ts(qt, 4 * 2**20 + 16, TS_HZ)
    start(qt, buf, 5, 11)
    step_to_ts(qt, EX_T1 + 16, TS_HZ)
    reps = find_reports(buf, 256, 3, decode_fmt5, OATAILPTR)
    return qt, by_ts(reps, EX_T0), by_ts(reps, EX_T1)


def test_example1_flex(qemu):
    flex = [(0xe458, 0x00071000), (0xe558, 0x00a05502),
            (0xe658, 0x00008053)]
    qt, r0, r1 = skl_interval(qemu, flex)
    # Gen9 has no filter rule: A11 (coarse PS, event 0011) counts
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'no violation on Skylake')
    d = [(r1['A'][k] - r0['A'][k]) % (1 << 40) for k in range(32)]
    printed = {7: 4915200, 8: 1689600, 9: 230400, 10: 844800, 11: 691200,
               12: 5090745, 0: 409600, 1: 9600, 2: 2400, 3: 1200, 4: 600,
               5: 4800, 6: 57600, 21: 614400}
    for k, want in printed.items():
        eq(d[k], want, 'example 1 delta A%d' % k)
    for k in range(13, 21):
        eq(d[k], 4915200, 'example 1 delta A%d (CTL3..6 = 0: FPU0)' % k)
    eq((r1['A'][35] - r0['A'][35]) % 2**32, 4800, 'example 1 delta A35')
    # every value, from the cycle-level model: S_k + N_k(c) mod 2^W
    fields = {7: 0x000, 8: 0x071, 9: 0x502, 10: 0xa05, 11: 0x053,
              12: 0x008}
    for rep, T in ((r0, EX_T0), (r1, EX_T1)):
        c = T * SKL['R']
        for k in range(36):
            width = 40 if k < 32 else 32
            if 7 <= k <= 20:
                n = flex_count(fields.get(k, 0), c, SKL['R'], SKL['nss'],
                               SKL['neu'], False)
                want = (counter(k, 0, width=64) + n) % (1 << width)
            else:
                n = fixed_count(k, c, **SKL)
                want = counter(k, T, width=width) if n is None else \
                    (counter(k, 0, width=64) + n) % (1 << width)
            eq(rep['A'][k], want, 'A%d at T %d' % (k, T))
        # no CEC programmed: B counters hold S_k; C counters as the page
        for i in range(8):
            eq(rep['B'][i], counter(36 + i, 0), 'B%d at T %d' % (i, T))
            eq(rep['C'][i], (counter(44 + i, 0, width=64) +
                             c_count(i, c, SKL['R'])) % 2**32,
               'C%d at T %d' % (i, T))
    stop(qt)
    qt.close()


def test_fixed_function_relations(qemu):
    qt, r0, r1 = skl_interval(qemu, [])
    d = [(r1['A'][k] - r0['A'][k]) % (1 << 40) for k in range(36)]
    per = 12800
    want = {0: 32, 21: 48, 22: 12, 23: 6, 25: 3, 26: 27, 27: 21, 28: 36,
            29: 10, 30: 13, 31: 5, 32: 7, 34: 8}
    for k, x in want.items():
        eq(d[k], x * per, 'skl per-period A%d' % k)
    eq(len(set(want.values())), len(want), 'per-period counts distinct')
    assert d[22] + d[23] + d[25] <= d[21]
    eq(d[26], d[21] - d[22] - d[23] - d[25], 'A26 = A21 - failing')
    # subsets: blended of written, misses of lookups; SLM atomics (2 per
    # slice) in A30, A31 and A34; L3 lines at most 32 per period per slice
    assert d[27] <= d[26] and d[29] <= d[28]
    assert min(d[30], d[31], d[34]) >= 2 * per
    assert d[29] <= 32 * per and d[30] + d[31] + d[32] <= 32 * per
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'clean config: no violation')
    qt.close()


# ---- worked example 2: B0..B7 (the report trigger is not tested here) -------

EX2_CEC = [(0x2770, 0x00100042), (0x2774, 0x0000fff7),
           (0x2778, 0x00100002), (0x277c, 0x0000ffcf),
           (0x2780, 0x00101003), (0x2784, 0x0000f0ff),
           (0x2788, 0x0000008a), (0x278c, 0x0001ffee),
           (0x2790, 0x00080022), (0x2794, 0x0000fffb)]


def test_example2_cec(qemu):
    qt, r0, r1 = skl_interval(qemu, [], EX2_CEC)
    d = [(r1['B'][i] - r0['B'][i]) % 2**32 for i in range(8)]
    eq(d, [204800, 136533, 76800, 204800, 38400, 0, 0, 0], 'example 2')
    for rep, T in ((r0, EX_T0), (r1, EX_T1)):
        c = T * SKL['R']
        eq(rep['B'][0], (counter(36, 0) + c // 2) % 2**32, 'B0 odd cycles')
        eq(rep['B'][1], (counter(37, 0) + (c + 2) // 3) % 2**32,
           'B1 c mod 3 == 0')
        eq(rep['B'][5], counter(41, 0), 'B5 never')
    # the CEC touches only B: A as without it
    qt2, s0, s1 = skl_interval(qemu, [])
    eq(r0['A'], s0['A'], 'A unchanged by the CEC')
    eq(r1['C'], s1['C'], 'C unchanged by the CEC')
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'clean CEC config')
    qt.close()
    qt2.close()


def test_timestamp_near_2_63(qemu):
    # c = T * R beyond 2^64: the 128-bit closed forms against Python's
    base = (1 << 63) - 3 * CTX_SLICE - 5000
    qt = QTest(qemu, ',workload=activity', ts_base=base)
    buf = OABuffer(qt)
    for addr, val in EX2_CEC + [(0xe458, 0x00008000)]:
        qt.wr(addr, val)
    start(qt, buf, 5, 13)
    step_to_ts(qt, 4 * CTX_SLICE, TS_HZ)          # into the idle slice
    n = (qt.rd(OATAILPTR) - buf.base) // 256
    assert 250 < n < 512, n
    for i in (0, n // 3, n - 1):
        rep = decode_fmt5(buf.read(i * 256, 256))
        T = base + ((rep['ts'] - base) % (1 << 32))
        c = T * 50
        eq(rep['A'][0], (counter(0, 0, width=64) + busy_before(c, 50)) %
           (1 << 40), 'A0 = B(c) near 2^63')
        for k, f in ((7, 0x000), (8, 0x008)):
            eq(rep['A'][k], (counter(k, 0, width=64) +
                             flex_count(f, c, 50, 3, 8, False)) % (1 << 40),
               'A%d near 2^63' % k)
        eq(rep['B'][0], (counter(36, 0) + c // 2) % 2**32, 'B0 near 2^63')
        eq(rep['B'][1], (counter(37, 0) + (c + 2) // 3) % 2**32,
           'B1 near 2^63')
        # B3: busy cycles with EU0's FPU0 idle (16 of each busy period)
        B = busy_before(c, 50)
        eq(rep['B'][3], (counter(39, 0) + B // 32 * 16 +
                         max(0, B % 32 - 16)) % 2**32, 'B3 near 2^63')
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()


# ---- reading 4: i915's Test OA configuration, Gen12 offsets -----------------

TEST_OA = [(0x00000004, 0x0000ffff), (0x00000003, 0x0000ffff),
           (0x00000007, 0x0000ffff), (0x00100002, 0x0000fff7),
           (0x00100002, 0x0000ffcf), (0x00100082, 0x0000ffef),
           (0x001000c2, 0x0000ffe7), (0x00100001, 0x0000ffe7)]


def test_i915_test_oa_tgl(qemu):
    qt = activity_qt(qemu, ',device-id=0x9a49')
    buf = OABuffer(qt)
    for n, (c0, c1) in enumerate(TEST_OA):
        qt.wr(CEC_GEN12 + 8 * n, c0)
        qt.wr(CEC_GEN12 + 8 * n + 4, c1)
    step_to_ts(qt, 3 * CTX_SLICE + 100, TGL_TS_HZ)   # idle: CEC counts on
    t_en = qt.ts_base + qt.now * TGL_TS_HZ // 10**9
    start_block(qt, buf, OAG, 5, 10)
    period = 2048
    # the ticks trail the multiples by half a period (gen6-gen7.rst)
    first = ((t_en - period // 2) // period + 1) * period + period // 2
    step_to_ts(qt, first + 3 * period + 1, TGL_TS_HZ)
    reps = find_reports(buf, 256, 3, decode_fmt5, OAG['tail'])
    for a, b in zip(reps, reps[1:]):
        eq(b['ts'] - a['ts'], period, 'consecutive timer reports')
        clocks = period * TGL_R
        d = [(b['B'][i] - a['B'][i]) % 2**32 for i in range(7)]
        eq(d, [0, clocks, clocks, clocks // 2, clocks // 3, clocks // 3,
               clocks // 6], 'IGT Test OA expectation')
    c = reps[0]['ts'] * TGL_R
    want = [0, c, c, (c + 1) // 2, (c + 2) // 3, (c + 1) // 3, (c + 4) // 6]
    for i in range(7):
        eq(reps[0]['B'][i], (counter(36 + i, 0) + want[i]) % 2**32,
           'tgl B%d absolute' % i)
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()


# ---- Gen12.5 flex events ----------------------------------------------------

def test_xehp_flex_events(qemu):
    # A7 SYSTOLIC_FP16, A8 FP32 with fine ternary... FP32 has no ternary
    # slots (phases 0-4 binary/mov, 10-11 mov/binary): 0; A9 ALU0 on the
    # GPGPU EUs, A10 INT8 with EU# 1, A11 0b11111 (HW default, 0), A12
    # THREADS_OCCUPANCY on row 1, A13 CONTROL with coarse GS
    # (unsupported: violation 36), A14 SYSTOLIC_ALL; CTL4..6 keep reset
    fields = {7: 0x0012, 8: 0x0407, 9: 0x00c0, 10: 0x100f, 11: 0x001f,
              12: 0x0108, 13: 0x0091, 14: 0x0009}

    def reg(n):
        return xehp_ctl(fields[7 + 2 * n], fields[8 + 2 * n])

    # dg2-g10, with GT and Render forcewake held as xehp_qt() does
    qt = activity_qt(qemu, ',device-id=0x56a0')
    qt.wr(0xa188, 0x10001)
    qt.wr(0xa278, 0x10001)
    eq(mcr_rd(qt, FLEX[4], 0, 0), 0x0300f00f, 'Gen12.5 flex reset value')
    for n in range(4):
        mcr_wr(qt, FLEX[n], reg(n))
    buf = OABuffer(qt)
    step_to_ts(qt, 4 * CTX_SLICE + 100, XEHP_TS_HZ)
    t_en = qt.now * XEHP_TS_HZ // 10**9
    start_block(qt, buf, OAG, 1, 12)
    period = 8192
    # the ticks trail the multiples by half a period (gen6-gen7.rst)
    first = ((t_en - period // 2) // period + 1) * period + period // 2
    step_to_ts(qt, first + 2 * period + 1, XEHP_TS_HZ)
    eq(qt.ctl(CTL_VIOLATIONS), 1, 'one violation (A13)')
    eq(qt.ctl(CTL_LAST), VIOL_UNSUPPORTED, 'CONTROL with coarse GS')
    reps = find_reports(buf, 448, 2, decode_xehp1, OAG['tail'])
    nss = 32
    for rep in reps:
        c = rep['ts'] * XEHP_R
        for k in range(7, 21):
            f = fields.get(k, 0x1f)
            n = 0 if f in (0x1f, 0x0091) else \
                flex_count(f, c, XEHP_R, nss, 16, True)
            eq(rep['A'][k], (counter(k, 0, width=64) + n) % 2**64,
               'dg2 A%d at T %d' % (k, rep['ts']))
        for k in (0, 4, 24, 25, 32, 33, 35, 36, 37):
            n = fixed_count(k, c, XEHP_R, nss, 16, True)
            want = counter(k, rep['ts'], width=64) if n is None else \
                (counter(k, 0, width=64) + n) % 2**64
            eq(rep['A'][k], want, 'dg2 A%d at T %d' % (k, rep['ts']))
    d = (reps[1]['A'][7] - reps[0]['A'][7]) % 2**64
    # SYSTOLIC FP16 sums to 7 per 8 EUs per period; 64 groups of 8 EUs
    eq(d, 7 * 64 * period * XEHP_R // 32, 'dg2 SYSTOLIC_FP16 delta')
    eq((reps[1]['A'][8] - reps[0]['A'][8]) % 2**64, 0,
       'FP32 has no ternary slots')
    qt.close()


# ---- every flex field encoding against the cycle-level model ---------------

def xehp_ctl(f0, f1):
    """EU_PERF_CNT_CTL of two Gen12.5 field codes (event 4:0, coarse 8:5,
    fine 12:9): 12-bit fields, each event's bit 4 at bit 24 + n."""
    return ((f0 & 0xf) | ((f0 >> 5) & 0xff) << 4 | (f1 & 0xf) << 12 |
            ((f1 >> 5) & 0xff) << 16 | ((f0 >> 4) & 1) << 24 |
            ((f1 >> 4) & 1) << 25)


def field_counts(field, xehp, rules=True):
    """Whether a flex field counts (defined and, where the generation has
    filter rules, supported; not 0b11111)."""
    if xehp:
        event, coarse, fine = field & 0x1f, (field >> 5) & 0xf, \
            (field >> 9) & 0xf
        events = set(range(0x0b)) | set(range(0x0c, 0x13))
        coarse_ok, restricted = set(range(15)), {0x03, 0x08, 0x0a, 0x11}
        allowed = {0x01: {0, 7, 8, 9, 10}, 0x02: {0, 5, 7, 8, 9, 10},
                   0x04: {0, 5, 7, 8, 9, 10}}
        allowed.update({e: {0, 7, 8, 9, 10} for e in (0x03, 0x05, 0x08,
                                                      0x0a)})
    else:
        event, coarse, fine = field & 0xf, (field >> 4) & 0xf, \
            (field >> 8) & 0xf
        events = {0, 1, 2, 3, 4, 5, 8}
        coarse_ok, restricted = set(range(9)), {3, 4, 5, 8}
        allowed = {2: {0, 5, 6, 7, 8, 9, 10}, 4: {0, 5, 6, 7, 8, 9, 10}}
        allowed.update({e: {0, 7, 8, 9, 10} for e in (3, 5, 8)})
    if event not in events or coarse not in coarse_ok or \
            fine not in {0, 1, 2, 3, 4, 5, 7, 8, 9, 10}:
        return False
    if not rules:
        return True
    if event in restricted and coarse not in (0, 7, 8):
        return False
    return fine in allowed.get(event, range(16))


def flex_sweep(qt, buf, fields, xehp, R, hz, nss, neu, period, rs, decode,
               tail, write, rules=True):
    """Program 14 fields at a time on a running stream and check the next
    report's A7..A20 against the model (the values jump: reading 2)."""
    width = 64 if xehp else 40
    for i in range(0, len(fields), 14):
        chunk = (fields[i:i + 14] + [0] * 14)[:14]
        for n in range(7):
            f0, f1 = chunk[2 * n], chunk[2 * n + 1]
            write(qt, FLEX[n], xehp_ctl(f0, f1) if xehp else f0 | f1 << 12)
        T = (qt.ts_base + qt.now * hz // 10**9) // period * period + period
        step_to_ts(qt, T, hz)
        off = (qt.rd(tail) & ~0x3f) - buf.base - rs
        rep = decode(buf.read(off % buf.size, rs))
        eq(rep['ts'], T % (1 << 32), 'sweep report timestamp')
        for j, f in enumerate(chunk):
            n = flex_count(f, T * R, R, nss, neu, xehp) \
                if field_counts(f, xehp, rules) else 0
            k = 7 + j
            eq(rep['A'][k], (counter(k, 0, width=64) + n) % (1 << width),
               'field 0x%x as A%d at T %d' % (f, k, T))


def test_flex_sweep_gen9(qemu):
    qt = activity_qt(qemu)
    buf = OABuffer(qt, size_sel=3)
    # a report every 2 ticks = 100 cycles: partial busy periods (B mod
    # 32 = 4, 8, ..) and the idle-to-busy edge of slice 4
    step_to_ts(qt, 4 * CTX_SLICE - 301, TS_HZ)
    start(qt, buf, 5, 0)
    flex_sweep(qt, buf, list(range(1 << 12)), False, 50, TS_HZ, 3, 8, 2,
               256, decode_fmt5, OATAILPTR,
               lambda q, a, v: q.wr(a, v), rules=False)
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'reset configuration is clean')
    qt.close()


def test_flex_sweep_xehp(qemu):
    qt = activity_qt(qemu, ',device-id=0x56a0')
    qt.wr(0xa188, 0x10001)
    qt.wr(0xa278, 0x10001)
    buf = OABuffer(qt, size_sel=3)
    # across the busy-to-idle edge of slice 7, a report every 2 ticks
    step_to_ts(qt, 7 * CTX_SLICE - 601, XEHP_TS_HZ)
    start_block(qt, buf, OAG, 1, 0)
    fields = [e | c << 5 | f << 9 for e in range(32) for c in range(16)
              for f in range(16)]
    flex_sweep(qt, buf, fields, True, XEHP_R, XEHP_TS_HZ, 32, 16, 2, 448,
               decode_xehp1, OAG['tail'], mcr_wr)
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'reset configuration is clean')
    qt.close()


# ---- every Gen8-12 platform: topology-dependent counts --------------------

# A7..A20: row 1, EU# 2, threads on row 0, send start, some pipe, stall on
# EU# 0, PS, GPGPU (TS), ternary, hybrid, both FPUs, VS, GS, threads
PLATFORM_FIELDS = [0x080, 0x901, 0x078, 0x502, 0x004, 0x705, 0x050, 0x060,
                   0x200, 0x101, 0x003, 0x010, 0x041, 0x008]


def test_every_gen8_platform(qemu):
    for name, devid, gen, _, (sl, ss, eu), hz, _, R in PLATFORMS:
        qt = activity_qt(qemu, ',device-id=0x%x' % devid)
        for n in range(7):
            qt.wr(FLEX[n], PLATFORM_FIELDS[2 * n] |
                  PLATFORM_FIELDS[2 * n + 1] << 12)
        buf = OABuffer(qt)
        step_to_ts(qt, CTX_SLICE + 12345, hz)
        if gen >= 12:
            start_block(qt, buf, OAG, 5, 0)
            tail = OAG['tail']
        else:
            start(qt, buf, 5, 0)
            tail = OATAILPTR
        qt.step(20000)
        off = (qt.rd(tail) & ~0x3f) - buf.base - 256
        rep = decode_fmt5(buf.read(off, 256))
        T = rep['ts']
        c = T * R
        for k in range(36):
            width = 40 if k < 32 else 32
            if 7 <= k <= 20:
                n = flex_count(PLATFORM_FIELDS[k - 7], c, R, sl * ss, eu,
                               False)
            else:
                n = fixed_count(k, c, R, sl * ss, eu, False, sl)
            want = counter(k, T, width=width) if n is None else \
                (counter(k, 0, width=64) + n) % (1 << width)
            eq(rep['A'][k], want, '%s A%d at T %d' % (name, k, T))
        eq(qt.ctl(CTL_VIOLATIONS), 0, name + ' violations')
        qt.close()


# ---- Gen6: four CEC blocks at 0x2390 ----------------------------------------

def test_gen6_cec_snb(qemu):
    qt = gen7_qt(qemu, 'snb')
    qt.ctl_wr(CTL_WORKLOAD, 1)
    eq(qt.ctl(CTL_WORKLOAD), 1, 'workload switched by the control page')
    # B0 always (the seed's 0x3 / 0xFFFE), B1 BUSY, B2 EU0 FPU0 on the
    # boolean bus, B3 PERIOD == 5; B4..B7 (no blocks) hold S_k
    cec = [(0x3, 0xfffe), (0x00100012, 0xfffd), (0x0000000a, 0xfffe),
           (0x00128002, 0x0fff)]
    for n, (c0, c1) in enumerate(cec):
        qt.wr(CEC_GEN6 + 8 * n, c0)
        qt.wr(CEC_GEN6 + 8 * n + 4, c1)
    buf = Gen7Buffer(qt, 'snb', 7)
    R = 68                              # platforms.rst: RP1 850 MHz
    eq(qt.ctl(0x034), R, 'snb R')
    t_en = buf.start(2, 6)
    period = 1 << 10                    # SNB: 2^(TP + 4)
    qt.step(3 * period * 10**9 // 12500000)
    # the ticks trail the multiples by half a period (gen6-gen7.rst)
    first = ((t_en - period // 2) // period + 1) * period + period // 2
    qt.rd(OASTATUS1)                    # lands the due reports
    reps = []
    for i in range(2):
        rep = struct.unpack('<32I', buf.read(i * 128, 128))
        eq(rep[1], first + i * period, 'snb report %d timestamp' % i)
        reps.append(rep)
    for rep in reps:
        T = rep[1]
        c = T * R
        B = busy_before(c, R)
        want = [c, B, (B // 32) * 16 + min(B % 32, 16),
                sum(1 for x in range(c % 512) if (x // 32) % 16 == 5) +
                (c // 512) * 32]
        for i in range(4):
            eq(rep[16 + i], (counter(45 + i, 0) + want[i]) % 2**32,
               'snb B%d at T %d' % (i, T))
        # A counters stay linear on Gen6
        eq(rep[7], counter(0, T), 'snb A0 linear')
    qt.wr(OACONTROL7, 0)
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()


def test_hsw_cec(qemu):
    # Haswell: eight blocks at the Gen8 offsets, B at DW16..23 of select 2
    qt = activity_qt(qemu, ',device-id=0x0412')
    qt.wr(CEC_GEN8 + 8 * 7, 0x7)                    # B7 always
    qt.wr(CEC_GEN8 + 8 * 1, 0x00101003)             # B1 NPIPE >= 2
    qt.wr(CEC_GEN8 + 8 * 1 + 4, 0x0000f0ff)
    buf = Gen7Buffer(qt, 'hsw', 0)
    qt.step(ns_at(CTX_SLICE - 7, 12500000))
    buf.start(2, 3)
    qt.step(5 * 16 * 10**9 // 12500000)
    qt.rd(OASTATUS1)
    R = 56                              # platforms.rst: RP1 700 MHz
    for i in range(3):
        rep = struct.unpack('<32I', buf.read(i * 128, 128))
        T = rep[1]
        c = T * R
        B = busy_before(c, R)
        eq(rep[16 + 7], (counter(45 + 7, 0) + c) % 2**32, 'hsw B7 always')
        eq(rep[16 + 1], (counter(46, 0) + B // 32 * 6 +
                         min(max(B % 32 - 10, 0), 6)) % 2**32,
           'hsw B1 two EU0 pipes at T %d' % T)
        eq(rep[16], counter(45, 0), 'hsw B0 unprogrammed: never')
        eq(rep[3], counter(0, T), 'hsw A0 linear')
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()


def test_hsw_c2_gpu_clock(qemu):
    # gen6-gen7.rst "Haswell's C counters": C2 counts GPU cycles when NOA
    # lane 10 (0x25424 bits 24:20) selects source 8, as oa-hsw.xml's
    # RenderBasic (0x1284a420) and ComputeBasic (0x06820c83) program it
    qt = activity_qt(qemu, ',device-id=0x0412')
    R = 56                              # platforms.rst: RP1 700 MHz
    buf = Gen7Buffer(qt, 'hsw', 0)
    # C7 (lane 15 from source 0) counts them while 0x253a4 holds
    # MemoryReads' 0x34300000, the last case
    for sel1, clock in ((0x1284a420, True), (0x06820c83, True),
                        (0x00008421, False), (0x00800000, True),
                        (0x00008421, 'C7')):
        if clock == 'C7':
            qt.wr(0x253a4, 0x34300000)
            eq(qt.rd(0x253a4), 0x34300000, '0x253a4 stored')
        qt.wr(0x25424, sel1)
        eq(qt.rd(0x25424), sel1, 'NOA output select 1 stored')
        buf.start(2, 3)
        qt.step(3 * 16 * 10**9 // 12500000)
        qt.rd(OASTATUS1)
        for i in range(2):
            rep = struct.unpack('<32I', buf.read(i * 128, 128))
            T = rep[1]
            want = (counter(55, 0, width=64) + (T * R if clock is True
                                                else c_count(2, T * R, R)))
            eq(rep[24 + 2], want % 2**32, 'hsw C2 with lane 10 from '
               'source %d at T %d' % ((sel1 >> 20) & 31, T))
            want = counter(60, 0, width=64) + (T * R if clock == 'C7'
                                               else c_count(7, T * R, R))
            eq(rep[24 + 7], want % 2**32, 'hsw C7 at T %d' % T)
            for j in (0, 1, 3):
                eq(rep[24 + j], (counter(53 + j, 0, width=64) +
                                 c_count(j, T * R, R)) % 2**32,
                   'hsw C%d as counters.rst' % j)
        qt.wr(OACONTROL7, 0)
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()


# ---- violations -------------------------------------------------------------

def enable_skl(qt):
    buf = OABuffer(qt)
    start(qt, buf, 5, 11)
    stop(qt)


def violations_of(qt, regs):
    """Program @regs, enable a stream; the violation count and the last
    violation code."""
    for addr, val in regs:
        qt.wr(addr, val)
    enable_skl(qt)
    got = qt.ctl(CTL_VIOLATIONS), qt.ctl(CTL_LAST)
    qt.close()
    return got


def bdw_qt(qemu):
    return activity_qt(qemu, ',device-id=0x%x' % plat('bdw')[1])


def test_example1_flex_gen8_rule(qemu):
    """Broadwell's seed (000:657-663) does not support A11's coarse PS
    with event 0011: one violation, and A11 counts 0."""
    n, last = violations_of(bdw_qt(qemu), [(0xe458, 0x00071000),
                                           (0xe558, 0x00a05502),
                                           (0xe658, 0x00008053)])
    eq(n, 1, 'one violation (A11)')
    eq(last, VIOL_UNSUPPORTED, 'A11: coarse PS with event 0011')


def test_violations(qemu):
    # the filter rules are Gen8's (and Gen12.5's), not Skylake's
    n, last = violations_of(bdw_qt(qemu), [(0xe458, 0x00000102)])
    eq((n, last), (1, VIOL_UNSUPPORTED), 'fine class on SEND (bdw)')
    eq(violations_of(activity_qt(qemu), [(0xe458, 0x00000102)])[0], 0,
       'fine class on SEND (skl): no rule')
    cases = [
        ('reserved event 0110', [(0xe458, 0x00000006)], VIOL_RESERVED),
        ('reserved coarse 1001', [(0xe458, 0x00000090)], VIOL_RESERVED),
        ('fine 0110 (reading 6)', [(0xe458, 0x00000602)], VIOL_RESERVED),
        ('CEC source 3', [(0x2770, 0x00180003)], VIOL_CEC_SOURCE),
    ]
    for what, regs, code in cases:
        n, last = violations_of(activity_qt(qemu), regs)
        eq(n, 1, what + ': one violation')
        eq(last, code, what)
    # two bad fields: two violations; a clean config and linear: none
    eq(violations_of(activity_qt(qemu), [(0xe458, 0x00006006)])[0], 2,
       'once per offending field')
    eq(violations_of(activity_qt(qemu), [(0xe458, 0x00071000),
                                         (0x2770, 0x00100042)])[0], 0,
       'clean config')
    # Intel's Gen11-12 sets turn CTL6 off with all ones: off on Gen9-12
    # (reading 28), reserved under Broadwell's event table (seed 000)
    eq(violations_of(activity_qt(qemu), [(0xe65c, 0xffffffff)])[0], 0,
       'event 1111 is off on skl')
    eq(violations_of(bdw_qt(qemu), [(0xe65c, 0xffffffff)]),
       (2, VIOL_RESERVED), 'event 1111 is reserved on bdw')
    eq(violations_of(QTest(qemu), [(0xe458, 0x00000006),
                                   (0x2770, 0x00180003)])[0], 0,
       'linear: fields not evaluated')


def test_linear_unchanged(qemu):
    qt = QTest(qemu, workload=None)
    eq(qt.ctl(CTL_WORKLOAD), 1, 'default workload activity')
    qt.close()
    qt = QTest(qemu)
    eq(qt.ctl(CTL_VERSION), 7, 'control page version 7')
    eq(qt.ctl(CTL_WORKLOAD), 0, 'workload=linear selects linear')
    qt.ctl_wr(CTL_WORKLOAD, 7)
    eq(qt.ctl(CTL_WORKLOAD), 0, 'other values ignored')
    for addr, val in EX2_CEC + [(0xe458, 0x00071000)]:
        qt.wr(addr, val)
    buf = OABuffer(qt)
    start(qt, buf, 5, 11)
    qt.step(3 * 4096 * 10**9 // TS_HZ)
    qt.rd(OATAILPTR)
    rep = decode_fmt5(buf.read(0, 256))
    T = rep['ts']
    eq(rep['A'], [counter(k, T, width=40 if k < 32 else 32)
                  for k in range(36)], 'linear A')
    eq(rep['B'], [counter(36 + i, T) for i in range(8)], 'linear B')
    qt.close()
    qt = activity_qt(qemu)
    eq(qt.ctl(CTL_WORKLOAD), 1, 'property selects activity')
    qt.ctl_wr(CTL_WORKLOAD, 0)
    eq(qt.ctl(CTL_WORKLOAD), 0, 'switched back to linear')
    qt.close()


def test_bad_workload_property(qemu):
    p = subprocess.run([qemu, '-M', 'q35', '-accel', 'qtest', '-nodefaults',
                        '-L', '/usr/share/seabios', '-L', '/usr/share/qemu',
                        '-display', 'none', '-device',
                        'intel-oa-gpu,workload=busy'],
                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, timeout=30)
    assert p.returncode != 0 and 'workload' in p.stderr, p.stderr


def test_migration_workload(qemu):
    # a device switched to activity by the control page stays so
    with tempfile.TemporaryDirectory() as tmp:
        qt = QTest(qemu, monitor=os.path.join(tmp, 'src'))
        qt.ctl_wr(CTL_WORKLOAD, 1)
        qt.wr(0x2770, 0x00100042)
        qt.wr(0x2774, 0x0000fff7)
        qt.step(10**6)
        qt = migrate(qemu, qt, tmp)
        eq(qt.ctl(CTL_WORKLOAD), 1, 'workload migrated')
        eq(qt.rd(0x2770), 0x00100042, 'CEC register migrated')
        buf = OABuffer(qt)
        start(qt, buf, 5, 11)
        qt.step(3 * 4096 * 10**9 // TS_HZ)
        qt.rd(OATAILPTR)
        rep = decode_fmt5(buf.read(0, 256))
        c = rep['ts'] * 50
        eq(rep['B'][0], (counter(36, 0) + c // 2) % 2**32,
           'B0 counts odd cycles after migration')
        qt.close()


def main(argv):
    return run_tests(argv, collect_tests(globals()))


if __name__ == '__main__':
    sys.exit(main(sys.argv))
