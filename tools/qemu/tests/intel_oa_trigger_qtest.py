#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""qtests of the start and report triggers under the activity workload
(Documentation/counters.rst "Start and report triggers"). Every expected
fire is found here by walking the contract's per-cycle rules over the
cycles of the run; nothing is taken from the device code.

Usage: intel_oa_trigger_qtest.py [path/to/qemu-system-x86_64] [-k substring]
"""

import os
import struct
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
from intel_oa_qtest import (QTest, OABuffer, CTX_SLICE, CTX_IDS,  # noqa
                            LEGACY_OA, OAG, OA_DEBUG, NO_CTX_SWITCH,
                            CTL_VIOLATIONS, collect_tests, counter, eq,
                            migrate, plat, run_tests,
                            gen7_plat, Gen7Buffer, OACONTROL7, GEN7_TS_HZ,
                            xehp_qt, xehp_program, xehp_ts, XEHP_OA_HZ,
                            XEHP_R, OAG_MMIOTRIGGER, REASON_MMIO, SOURCE_CPU)

CTL_WORKLOAD = 0x054
ACTIVITY = 1

# bank offsets per register block (counters.rst "Offsets")
LEGACY_TRIG = dict(start=0x2710, report=0x2740, cec=0x2770)
OAG_TRIG = dict(start=0xd900, report=0xd920, cec=0xd940)

# trigger register fields (counters.rst "Register layout", reading 5)
TRIG_ENABLE, TRIG_THRESHOLD_EN = 1 << 31, 1 << 23
RPT_THRESHOLD_EN, RPT_START_FIRED = 1 << 17, 1 << 18
REASON_TRIGGER1, REASON_TRIGGER2 = 1 << 20, 1 << 21
REASON_MASK = 0x7f << 19

# counters.rst example 2: CEC0 = odd cycles .. CEC4 = EU0 SEND
EXAMPLE2_CEC = [0x00100042, 0x0000fff7, 0x00100002, 0x0000ffcf,
                0x00101003, 0x0000f0ff, 0x0000008a, 0x0001ffee,
                0x00080022, 0x0000fffb]
# CEC0 true where PERIOD (internal bus bits 15:12) == 0: cycles with
# floor(c / 32) mod 16 == 0, one rising edge every 512 cycles
PERIOD0_CEC = [0x00100002, 0x00000fff]


def odd(c):
    return c % 2 == 1


def period0(c):
    return (c // 32) % 16 == 0


def fires(cond, c0, c1, threshold=None):
    """Fire cycles in [c0, c1) of a trigger enabled at c0: rising edges of
    @cond (the logic starts from "false"), or every @threshold-th cycle
    where @cond holds."""
    out, cnt, prev = [], 0, False
    for c in range(c0, c1):
        v = cond(c)
        if threshold is None:
            if v and not prev:
                out.append(c)
        elif v:
            cnt += 1
            if cnt == threshold:
                out.append(c)
                cnt = 0
        prev = v
    return out


def fire_ticks(fire_cycles, ratio, last_ts):
    """Report timestamps: one per tick with a fire, up to @last_ts."""
    return sorted({c // ratio for c in fire_cycles if c // ratio <= last_ts})


def ns_of_ts(ts, hz):
    return -(-ts * 10**9 // hz)


class Stream:
    """A Gen8+ stream with the timer off and context-switch reports off,
    so every report comes from a trigger."""

    def __init__(self, qemu, name, regs, trig, fmt, rs, cec, start=(),
                 report=(), timer=None, cs=False, linear=False):
        _, devid, gen, _, _, self.hz, _, self.ratio = plat(name)
        self.qt = qt = QTest(qemu, ',device-id=0x%x' % devid)
        self.regs, self.rs, self.gen = regs, rs, gen
        self.buf = buf = OABuffer(qt)
        if not linear:
            qt.ctl_wr(CTL_WORKLOAD, ACTIVITY)
        eq(qt.ctl(CTL_WORKLOAD), 0 if linear else ACTIVITY, 'workload')
        for i, v in enumerate(cec):
            qt.wr(trig['cec'] + 4 * i, v)
        for i, v in enumerate(start):
            qt.wr(trig['start'] + 4 * i, v)
        for i, v in enumerate(report):
            qt.wr(trig['report'] + 4 * i, v)
        if not cs:
            qt.wr(regs['debug'], NO_CTX_SWITCH)
        qt.wr(regs['status'], 0)
        qt.wr(regs['head'], buf.base)
        if regs['udw']:
            qt.wr(regs['udw'], 0)
        qt.wr(regs['buffer'], buf.base | 1)
        qt.wr(regs['tail'], buf.base)
        qt.wr(regs['timer'], 0 if timer is None else (timer << 2) | 3)
        qt.wr(regs['control'], (fmt << 2) | 1)
        self.ts_en = qt.now * self.hz // 10**9
        self.c_en = self.ts_en * self.ratio

    def ts(self):
        return self.qt.now * self.hz // 10**9

    def run_to(self, ts):
        self.qt.step(ns_of_ts(ts, self.hz) - self.qt.now)
        return self.ts()

    def reports(self):
        n = (self.qt.rd(self.regs['tail']) - self.buf.base) // self.rs
        assert n < self.buf.size // self.rs, 'buffer wrapped'
        return [struct.unpack('<%dI' % (self.rs // 4),
                              self.buf.read(i * self.rs, self.rs))
                for i in range(n)]


def ctx_valid(T):
    return 1 << 16 if CTX_IDS[(T // CTX_SLICE) % 4] else 0


def check_example2(qemu, name, regs, trig, fmt, rs, b0_dw):
    # counters.rst example 2: report trigger 1 every 50000 odd cycles
    s = Stream(qemu, name, regs, trig, fmt, rs, EXAMPLE2_CEC,
               report=[50000, TRIG_ENABLE | TRIG_THRESHOLD_EN | 0x01])
    # start mid-tick phase: the fire spacing must not depend on it
    end = s.run_to(s.ts_en + 12 * 100000 // s.ratio + 777)
    want = fire_ticks(fires(odd, s.c_en, (end + 1) * s.ratio, 50000),
                      s.ratio, end)
    got = s.reports()
    eq([r[1] for r in got], [T & 0xffffffff for T in want],
       name + ' trigger report timestamps')
    assert len(want) >= 10, want
    for i, (a, b) in enumerate(zip(want, want[1:])):
        # fire i + 1 is the (i + 2) * 50000-th odd cycle from enable
        eq(b - a, (s.c_en + (i + 2) * 100000 - 1) // s.ratio -
           (s.c_en + (i + 1) * 100000 - 1) // s.ratio,
           name + ' 100000 cycles apart')
        if s.ratio == 50:
            eq(b - a, 2000, name + ' 100000 cycles = 2000 ticks')
    for r, T in zip(got, want):
        eq(r[0], REASON_TRIGGER1 | RPT_THRESHOLD_EN | RPT_START_FIRED |
           ctx_valid(T), name + ' RPT_ID at %d' % T)
    for a, b, Ta, Tb in zip(got, got[1:], want, want[1:]):
        # odd cycles over [c(Ta), c(Tb)): exactly 50000 on skl
        eq((b[b0_dw] - a[b0_dw]) & 0xffffffff,
           Tb * s.ratio // 2 - Ta * s.ratio // 2, name + ' B0 delta')
        if s.ratio == 50:
            eq((b[b0_dw] - a[b0_dw]) & 0xffffffff, 50000, name + ' B0 50000')
    # B0 itself: S_B0 + the odd cycles before c(T)
    for r, T in zip(got, want):
        eq(r[b0_dw], (counter(36, 0) + T * s.ratio // 2) & 0xffffffff,
           name + ' B0 value at %d' % T)
    eq(s.qt.ctl(CTL_VIOLATIONS), 0, name + ' violations')
    s.qt.close()


def test_report_trigger_skl(qemu):
    # format 2 (A12_B8_C8): B0 at dword 16
    check_example2(qemu, 'skl', LEGACY_OA, LEGACY_TRIG, 2, 128, 16)


def test_report_trigger_tgl(qemu):
    # the OAG banks at 0xd900 / 0xd920 / 0xd940; format 5: B0 at dword 48
    check_example2(qemu, 'tgl', OAG, OAG_TRIG, 5, 256, 48)


def test_report_trigger_dg2(qemu):
    # Gen12.5: reason field 25:19, trigger 1 = its bit 1; the 64-bit
    # header (select 1): TIMESTAMP at dwords 2-3, B0 at dword 88. An MMIO
    # trigger report in between lands in timestamp order and carries
    # bits 17/18 but no trigger reason.
    qt = xehp_qt(qemu)
    buf = OABuffer(qt)
    qt.ctl_wr(CTL_WORKLOAD, ACTIVITY)
    for i, v in enumerate(EXAMPLE2_CEC):
        qt.wr(OAG_TRIG['cec'] + 4 * i, v)
    qt.wr(OAG_TRIG['report'], 50000)
    qt.wr(OAG_TRIG['report'] + 4, TRIG_ENABLE | TRIG_THRESHOLD_EN | 1)
    xehp_program(qt, buf)
    qt.wr(OAG['debug'], NO_CTX_SWITCH)
    qt.wr(OAG['timer'], 0)
    qt.wr(OAG['control'], (1 << 2) | 1)
    ts_en = xehp_ts(qt)
    qt.step(ns_of_ts(ts_en + 5000, XEHP_OA_HZ) - qt.now)
    t_mmio = xehp_ts(qt)
    qt.wr(OAG_MMIOTRIGGER, 0x5a)
    qt.step(ns_of_ts(ts_en + 12000, XEHP_OA_HZ) - qt.now)
    end = xehp_ts(qt)
    trig = fire_ticks(fires(odd, ts_en * XEHP_R, (end + 1) * XEHP_R, 50000),
                      XEHP_R, end)
    want = sorted(trig + [t_mmio])
    assert t_mmio not in trig and len(trig) >= 5, trig
    n = (qt.rd(OAG['tail']) - buf.base) // 448
    eq(n, len(want), 'dg2 reports')
    for i, T in enumerate(want):
        dw = struct.unpack('<112I', buf.read(i * 448, 448))
        eq(dw[2] | dw[3] << 32, T, 'dg2 TIMESTAMP')
        if T == t_mmio:
            rpt = (REASON_MMIO << 19) | (SOURCE_CPU << 26)
        else:
            rpt = REASON_TRIGGER1 | ctx_valid(T)
        eq(dw[0], rpt | RPT_THRESHOLD_EN | RPT_START_FIRED, 'dg2 RPT_ID')
        eq(dw[88], (counter(38, 0) + T * XEHP_R // 2) & 0xffffffff,
           'dg2 B0')
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()


def test_edge_trigger(qemu):
    # report trigger 2 alone, edge mode, on CEC0 = "PERIOD == 0": one
    # report per rising edge, reason bit 21, bits 17/18 from trigger 2
    s = Stream(qemu, 'skl', LEGACY_OA, LEGACY_TRIG, 7, 64, PERIOD0_CEC,
               report=[0, 0, 0, 0, 0, TRIG_ENABLE | 0x01])
    end = s.run_to(s.ts_en + 2000)
    want = fire_ticks(fires(period0, s.c_en, (end + 1) * s.ratio),
                      s.ratio, end)
    got = s.reports()
    eq([r[1] for r in got], want, 'edge report timestamps')
    assert len(want) > 150, len(want)
    for r, T in zip(got, want):
        # no start trigger: "fired"; trigger 2 is not in threshold mode
        eq(r[0], REASON_TRIGGER2 | RPT_START_FIRED | ctx_valid(T),
           'edge RPT_ID at %d' % T)
    eq(s.qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    s.qt.close()


def test_both_report_triggers(qemu):
    # trigger 1 (threshold 3000 odd cycles = 6000 cycles = 120 ticks) and
    # trigger 2 (edges every 512 cycles): one report per tick, both
    # reason bits when both fired in it, trigger 1 wins bits 17/18
    s = Stream(qemu, 'skl', LEGACY_OA, LEGACY_TRIG, 7, 64,
               PERIOD0_CEC + [0x00100042, 0x0000fff7],
               report=[3000, TRIG_ENABLE | TRIG_THRESHOLD_EN | 0x02,
                       0, 0, 0, TRIG_ENABLE | 0x01])
    end = s.run_to(s.ts_en + 1500)
    t1 = set(fire_ticks(fires(odd, s.c_en, (end + 1) * s.ratio, 3000),
                        s.ratio, end))
    t2 = set(fire_ticks(fires(period0, s.c_en, (end + 1) * s.ratio),
                        s.ratio, end))
    assert t1 & t2 and t1 - t2, 'both alone and together'
    want = sorted(t1 | t2)
    got = s.reports()
    eq([r[1] for r in got], want, 'merged report timestamps')
    for r, T in zip(got, want):
        rpt = RPT_START_FIRED | ctx_valid(T)
        rpt |= REASON_TRIGGER1 | RPT_THRESHOLD_EN if T in t1 else 0
        rpt |= REASON_TRIGGER2 if T in t2 else 0
        eq(r[0], rpt, 'RPT_ID at %d' % T)
    s.qt.close()


def test_start_trigger_threshold_zero(qemu):
    # Debian RenderBasic's and i915's Test OA start trigger 1: enable,
    # threshold enable, threshold 0, constant 1. Threshold 0 is met on the
    # enable cycle (counters.rst reading 19): bit 18 is set in every
    # report and the counters advance from the first one.
    s = Stream(qemu, 'skl', LEGACY_OA, LEGACY_TRIG, 2, 128, EXAMPLE2_CEC,
               start=[0, 0xf0800000], timer=7)
    eq(fires(lambda c: True, s.c_en, s.c_en + 10, 1)[0], s.c_en,
       'fires on the enable cycle')
    s.run_to(s.ts_en + 1024)
    got = s.reports()
    assert len(got) >= 3, len(got)
    for i, r in enumerate(got):
        eq(r[0] & RPT_START_FIRED, RPT_START_FIRED, 'bit 18 in report %d' % i)
    # B0 counts the odd cycles of [0, T * R) from the first report on
    for a, b in zip(got, got[1:]):
        eq((b[16] - a[16]) & 0xffffffff, 256 * s.ratio // 2, 'B0 delta')
    s.qt.close()


def test_start_trigger(qemu):
    # Start trigger 1: enable, threshold enable, 40000 cycles of constant
    # 1. Timer reports every 256 ticks: before the fire the counters hold
    # (delta 0, bit 18 clear), after it they advance by the formula (bit
    # 18 set).
    s = Stream(qemu, 'skl', LEGACY_OA, LEGACY_TRIG, 2, 128, EXAMPLE2_CEC,
               start=[40000, 0xf0800000], timer=7)
    fire = fires(lambda c: True, s.c_en, s.c_en + 70000, 40000)[0]
    eq(fire, s.c_en + 39999, 'the 40000th cycle')
    end = s.run_to(s.ts_en + 4096)
    got = s.reports()
    want = list(range((s.ts_en // 256 + 1) * 256, end + 1, 256))
    eq([r[1] for r in got], want, 'timer report timestamps')
    before = [i for i, T in enumerate(want) if T * s.ratio <= fire]
    after = [i for i, T in enumerate(want) if T * s.ratio > fire]
    assert len(before) >= 2 and len(after) >= 2, (before, after)
    for i in before:
        eq(got[i][0] & RPT_START_FIRED, 0, 'bit 18 before the start')
        eq(got[i][0] & RPT_THRESHOLD_EN, 0, 'report trigger 1 off')
    for i in after:
        eq(got[i][0] & RPT_START_FIRED, RPT_START_FIRED,
           'bit 18 after the start')
    # every counter of the report (A7..A18, B0..B7, C0..C7) holds
    for dw in range(4, 32):
        for i, j in zip(before, before[1:]):
            eq(got[j][dw], got[i][dw], 'held dword %d' % dw)
    # after the fire, over 256 ticks = 12800 cycles = 400 busy periods
    # (slice 0 is busy): A7 (FPU0 on 24 EUs, 16 per period), B0 (odd
    # cycles), B1 (multiples of 3), C0 (counters.rst "C counters": the
    # first of every 256 busy cycles, 50 of them)
    for i, j in zip(after, after[1:]):
        c0, c1 = want[i] * s.ratio, want[j] * s.ratio
        eq((got[j][4] - got[i][4]) & 0xffffffff, 24 * 16 * 400, 'A7')
        eq((got[j][16] - got[i][16]) & 0xffffffff, 12800 // 2, 'B0')
        eq((got[j][17] - got[i][17]) & 0xffffffff,
           -(-c1 // 3) - -(-c0 // 3), 'B1')
        eq((got[j][24] - got[i][24]) & 0xffffffff, 12800 // 256, 'C0')
    # the held value is the value at enable: B0 = S + odd cycles before it
    eq(got[before[0]][16], (counter(36, 0) + s.c_en // 2) & 0xffffffff,
       'B0 held at its enable value')
    s.qt.close()


def test_report_trigger_hsw(qemu):
    # Haswell: the Gen8 offsets and RPT_ID bits (reading 16); the timer
    # off, so the trigger alone makes the unit write reports
    name, devid, kind, _, rp, _ = gen7_plat('hsw')
    qt = QTest(qemu, ',device-id=0x%x' % devid)
    ratio = rp[1] * 10**6 // GEN7_TS_HZ
    buf = Gen7Buffer(qt, kind, 0)
    qt.ctl_wr(CTL_WORKLOAD, ACTIVITY)
    for i, v in enumerate(EXAMPLE2_CEC):
        qt.wr(LEGACY_TRIG['cec'] + 4 * i, v)
    qt.wr(LEGACY_TRIG['report'], 50000)
    qt.wr(LEGACY_TRIG['report'] + 4, TRIG_ENABLE | TRIG_THRESHOLD_EN | 1)
    buf.program()
    qt.wr(OACONTROL7, (5 << 2) | 1)         # format 5, timer off
    ts_en = qt.now * GEN7_TS_HZ // 10**9
    qt.step(ns_of_ts(ts_en + 20000, GEN7_TS_HZ) - qt.now)
    end = qt.now * GEN7_TS_HZ // 10**9
    want = fire_ticks(fires(odd, ts_en * ratio, (end + 1) * ratio, 50000),
                      ratio, end)
    n = (qt.rd(0x2364) & ~0x3f) - buf.base
    eq(n // 256, len(want), 'hsw trigger reports')
    for i, T in enumerate(want):
        dw = struct.unpack('<64I', buf.read(i * 256, 256))
        eq(dw[0], REASON_TRIGGER1 | RPT_THRESHOLD_EN | RPT_START_FIRED,
           'hsw RPT_ID')
        eq(dw[1], T, 'hsw TIMESTAMP')
        eq(dw[48], (counter(45, 0) + T * ratio // 2) & 0xffffffff,
           'hsw B0')
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()


def test_linear_ignores_triggers(qemu):
    # under the default workload the registers are stored only: the
    # same programming makes no report at all, and reads back
    s = Stream(qemu, 'skl', LEGACY_OA, LEGACY_TRIG, 2, 128, EXAMPLE2_CEC,
               start=[0, 0xf0800000],
               report=[1, TRIG_ENABLE | TRIG_THRESHOLD_EN], linear=True)
    s.run_to(s.ts_en + 5000)
    eq(len(s.reports()), 0, 'no trigger report under linear')
    eq(s.qt.rd(LEGACY_TRIG['start'] + 4), 0xf0800000, 'stored')
    eq(s.qt.rd(LEGACY_TRIG['report'] + 4), TRIG_ENABLE | TRIG_THRESHOLD_EN,
       'stored')
    s.qt.close()
    # and with the timer on, the reports are the linear ones, bits 17/18
    # clear, no counter held
    s = Stream(qemu, 'skl', LEGACY_OA, LEGACY_TRIG, 2, 128, EXAMPLE2_CEC,
               start=[0, 0xf0800000], timer=7, linear=True)
    end = s.run_to(s.ts_en + 2048)
    want = list(range((s.ts_en // 256 + 1) * 256, end + 1, 256))
    got = s.reports()
    eq([r[1] for r in got], want, 'timer reports')
    for r, T in zip(got, want):
        eq(r[0], (1 << 19) | ctx_valid(T), 'linear RPT_ID')
        eq(r[16], counter(36, T), 'linear B0')
    s.qt.close()


def test_trigger_migration(qemu):
    # migrate between two trigger reports: the destination goes on
    # with the same 2000-tick spacing
    with tempfile.TemporaryDirectory() as tmp:
        name = 'skl'
        _, devid, _, _, _, hz, _, ratio = plat(name)
        qt = QTest(qemu, ',device-id=0x%x' % devid,
                   monitor=os.path.join(tmp, 'src'))
        buf = OABuffer(qt)
        qt.ctl_wr(CTL_WORKLOAD, ACTIVITY)
        for i, v in enumerate(EXAMPLE2_CEC):
            qt.wr(LEGACY_TRIG['cec'] + 4 * i, v)
        qt.wr(LEGACY_TRIG['report'], 50000)
        qt.wr(LEGACY_TRIG['report'] + 4,
              TRIG_ENABLE | TRIG_THRESHOLD_EN | 1)
        qt.wr(OA_DEBUG, NO_CTX_SWITCH)
        buf.program()
        qt.wr(LEGACY_OA['timer'], 0)
        qt.wr(LEGACY_OA['control'], (2 << 2) | 1)
        ts_en = qt.now * hz // 10**9
        qt.step(ns_of_ts(ts_en + 5000, hz) - qt.now)
        qt = migrate(qemu, qt, tmp, ',device-id=0x%x' % devid)
        buf.qt = qt
        qt.step(ns_of_ts(ts_en + 12000, hz) - qt.now)
        end = qt.now * hz // 10**9
        want = fire_ticks(fires(odd, ts_en * ratio, (end + 1) * ratio,
                                50000), ratio, end)
        n = (qt.rd(LEGACY_OA['tail']) - buf.base) // 128
        eq(n, len(want), 'reports across the migration')
        for i, T in enumerate(want):
            eq(struct.unpack('<2I', buf.read(i * 128, 8))[1], T,
               'timestamp %d' % i)
        qt.close()


def main(argv):
    return run_tests(argv, collect_tests(globals()))


if __name__ == '__main__':
    sys.exit(main(sys.argv))
