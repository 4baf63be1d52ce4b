#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""qtests of Meteor Lake and Arrow Lake (Documentation/platforms.rst
"Meteor Lake and Arrow Lake"): the render GT's OAG and the media GT's OAM,
two OA units in one device, each with its own buffer. Every expected
report is built here from the layouts of the public sources the
documentation cites (xe's and IGT's OAM format tables) and the contract's
counter values (vgpu-contract.rst), not from the device code.

Usage: intel_oa_mtl_qtest.py [path/to/qemu-system-x86_64] [-k substring]
"""

import os
import struct
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
from intel_oa_qtest import (QTest, OABuffer, CTX_SLICE, OAG,  # noqa
                            NO_CTX_SWITCH, CTL_VIOLATIONS, CTL_LAST,
                            CTL_WRITTEN, CTL_HALF_IRQS, SEED, collect_tests,
                            counter, eq, first_ts, migrate, popcount,
                            rpt_header, run_tests, start_block, decode_ts_hz,
                            xehp_compare, REASON_MMIO, SOURCE_CPU, TABLE)

# Meteor Lake and Arrow Lake rows of the platform table: name, PCI id, DSS
# mask, RP0 MHz (platforms.rst: RP1 800, RPn 300, 16 EUs per DSS, R = 50
# on every row)
MTL_PLATFORMS = [(r['name'], r['devid'], r['dss'], r['rp0'])
                 for r in TABLE if r['family'] == 'MTL']
OA_HZ, CS_HZ, R = 38400000, 19200000, 50

# forcewake (i915 intel_uncore.c, xe_force_wake.c): the GT domain's
# acknowledge at 0xdfc from graphics IP 12.70 on; the media GT's pair
# 0x380000 further
FW_GT, FW_ACK_GT = 0xa188, 0x0dfc
FW_RENDER, FW_ACK_RENDER = 0xa278, 0x0d84
MEDIA = 0x380000
# The GGTT PTE's PAT index (bits 53:52, i915 MTL_GGTT_PTE_PAT0/1): 3 is WB
# one-way coherent, which i915 gives the OA buffer (I915_CACHE_LLC); 0 is
# WB without coherency.
PAT_WB_COH1W = 3 << 52
FW_MEDIA_GT, FW_ACK_MEDIA_GT = MEDIA + 0xa188, MEDIA + 0x0dfc

# OAM at the media GT's block (i915 mtl_oa_base, xe OAM_*_OFFSET)
OAM_BASE = 0x393000
OAM = dict(control=OAM_BASE + 0x194, debug=OAM_BASE + 0x198,
           status=OAM_BASE + 0x19c, head=OAM_BASE + 0x1a0,
           tail=OAM_BASE + 0x1a4, buffer=OAM_BASE + 0x1a8,
           timer=OAM_BASE + 0x1bc, udw=None)
OAM_MMIO_TRG = OAM_BASE + 0x1d0
OAM_STARTTRIG1, OAM_CEC0_0 = OAM_BASE + 0x000, OAM_BASE + 0x040
MEDIA_TLB_INV = MEDIA + 0xceec
OA_TLB_INV = 0xceec
MEDIA_NOA = 0x38d100
OAG_MMIOTRIGGER = 0xdb1c

# OAM formats by counter select (bits 3:1 of OAM_CONTROL): size, MPEC
# width, byte offsets of MPEC0, B0, C0 (xe/IGT format tables)
OAM_FORMATS = {1: (192, 64, 32, 96, 128), 2: (128, 32, 32, 64, 96)}
OAG_SIZE = 256

# counter numbers on these platforms: MPEC/A from 0, B from 38, C from 46
B0, C0 = 38, 46


def unit_counter(unit, k, T, width):
    """value_k(T) of unit @unit: the contract's S_k plus unit << 30."""
    return (counter(k, T, SEED, 64) + (unit << 30)) % (1 << width)


def header64(T, period, cs=True, trigger=None):
    if trigger:
        rpt, ctx = (REASON_MMIO << 19) | (trigger[1] << 26), trigger[0]
    else:
        rpt, _, ctx, _ = rpt_header(T, period, cs)
    ts56 = T % (1 << 56)
    ticks = (T * R) % (1 << 64)
    return [rpt, 0, ts56 & 0xffffffff, ts56 >> 32, ctx, 0,
            ticks & 0xffffffff, ticks >> 32]


def oam_report(sel, T, period=None, cs=True, trigger=None):
    size, width, mpec, b, c = OAM_FORMATS[sel]
    r = bytearray(size)
    r[0:32] = struct.pack('<8I', *header64(T, period, cs, trigger))
    for i in range(8):
        v = unit_counter(1, i, T, width)
        if width == 64:
            struct.pack_into('<Q', r, mpec + 8 * i, v)
        else:
            struct.pack_into('<I', r, mpec + 4 * i, v)
        struct.pack_into('<I', r, b + 4 * i, unit_counter(1, B0 + i, T, 32))
        struct.pack_into('<I', r, c + 4 * i, unit_counter(1, C0 + i, T, 32))
    return bytes(r)


def oag_report(T, period=None, cs=True):
    """select 5, A24u40_A14u32_B8_C8 (dg2.rst layout, unit 0)."""
    rpt, _, ctx, _ = rpt_header(T, period, cs)
    A = lambda i, w=32: unit_counter(0, i, T, w)
    a40 = [A(i, 40) for i in range(32)]
    hi = [(v >> 32) & 0xff for v in a40]
    packed = [hi[4 * j] | hi[4 * j + 1] << 8 | hi[4 * j + 2] << 16 |
              hi[4 * j + 3] << 24 for j in range(8)]
    dw = [rpt, T & 0xffffffff, ctx, (T * R) & 0xffffffff]
    dw += [A(i) for i in range(36)]
    dw += [A(36)] + packed[1:6] + [A(37)] + [packed[7]]
    dw += [A(B0 + i) for i in range(8)] + [A(C0 + i) for i in range(8)]
    return struct.pack('<64I', *dw)


def mtl_qt(qemu, name='mtl', awake=True, **kw):
    """A Meteor Lake class device with the render GT's GT and Render and
    the media GT's GT domains awake, as the driver holds them, and both
    GTs' NOA networks powered."""
    devid = next(r[1] for r in MTL_PLATFORMS if r[0] == name)
    qt = QTest(qemu, ',device-id=0x%x' % devid, awake=False, **kw)
    if awake:
        for req in (FW_GT, FW_RENDER, FW_MEDIA_GT):
            qt.wr(req, 0x10001)
        # both GTs' NOA networks powered, as Intel's OAG and OAM sets do
        qt.power_noa()
        qt.wr(MEDIA + 0x0d04, 0x200)
    return qt


def ts(qt):
    return qt.ts_base + qt.now * OA_HZ // 10**9


def start_oam(qt, buf, sel, exponent, off=0):
    """xe's OAM sequence: status, head, buffer, tail, timer, control with
    the select in bits 3:1."""
    qt.wr(OAM['status'], 0)
    qt.wr(OAM['head'], buf.base + off)
    qt.wr(OAM['buffer'], buf.base | (buf.size_sel << 3) | 1)
    qt.wr(OAM['tail'], buf.base + off)
    qt.wr(OAM['timer'], (exponent << 2) | 3)
    qt.wr(OAM['control'], (sel << 1) | 1)


def test_mtl_identity(qemu):
    for name, devid, dss, rp0 in MTL_PLATFORMS:
        qt = mtl_qt(qemu, name, awake=False)
        eq(qt.cfg_readl(0x00), devid << 16 | 0x8086, name + ' id')
        eq(qt.cfg_readl(0x08) & 0xff, 0x01, name + ' revision')
        eq(qt.rd(0x913c), dss, name + ' GT_GEOMETRY_DSS_ENABLE')
        eq(2 * popcount(qt.rd(0x9134) & 0xff), 16, name + ' EUs per DSS')
        eq(qt.rd(0x0d00), 0x14, name + ' RPM_CONFIG0')
        eq(decode_ts_hz(qt, name, 12), CS_HZ, name + ' CS clock')
        cap = qt.rd(0x145998)
        eq((50 * (cap & 0xff), 50 * ((cap >> 8) & 0xff),
            50 * ((cap >> 16) & 0xff)), (rp0, 800, 300), name + ' RP caps')
        # the media GT's window is its own register space: its GT domain
        # wakes alone, and a register stored there is not the render GT's
        qt.wr(FW_MEDIA_GT, 0x10001)
        eq((qt.rd(FW_ACK_MEDIA_GT) & 1, qt.rd(FW_ACK_GT) & 1), (1, 0),
           name + ' media GT domain alone')
        qt.wr(FW_MEDIA_GT, 0x10000)
        qt.wr(MEDIA + 0x4000, 0x1234)
        eq((qt.rd(MEDIA + 0x4000), qt.rd(0x4000)), (0x1234, 0),
           name + ' media GT store')
        for req, ack in ((FW_GT, FW_ACK_GT), (FW_RENDER, FW_ACK_RENDER),
                         (FW_MEDIA_GT, FW_ACK_MEDIA_GT)):
            eq(qt.rd(ack) & 1, 0, name + ' 0x%x asleep' % ack)
            qt.wr(req, 0x10001)
            eq(qt.rd(ack) & 1, 1, name + ' 0x%x acknowledges' % ack)
        qt.step(10**9 + 777)
        eq(qt.rd(0x2358), (ts(qt) // 2) & 0xffffffff,
           name + ' RING_TIMESTAMP = floor(T / 2)')
        eq(qt.ctl(CTL_VIOLATIONS), 0, name + ' violations')
        qt.close()


def oam_stream(qemu, sel):
    qt = mtl_qt(qemu)
    buf = OABuffer(qt, pte_bits=PAT_WB_COH1W)
    period = 1 << 16
    qt.step(CTX_SLICE * 10**9 // OA_HZ)
    ts_en = ts(qt)
    start_oam(qt, buf, sel, 15)
    ts0 = first_ts(ts_en, period)
    qt.step(2 * CTX_SLICE * 10**9 // OA_HZ)
    n = (ts(qt) - ts0) // period + 1
    rs = OAM_FORMATS[sel][0]
    eq(qt.rd(OAM['tail']) - buf.base, n * rs, 'select %d tail' % sel)
    for i in range(n):
        T = ts0 + i * period
        xehp_compare(buf.read(i * rs, rs), oam_report(sel, T, period),
                     'OAM select %d report %d (T %d)' % (sel, i, T))
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()


def test_mtl_oa_buffer_pat(qemu):
    # a report written through a PTE with PAT index 0 counts violation 42
    # (oa-buffer-not-coherent) and still lands; PAT 3 is clean
    for bits, want in ((PAT_WB_COH1W, 0), (0, 42)):
        qt = mtl_qt(qemu)
        buf = OABuffer(qt, pte_bits=bits)
        start_oam(qt, buf, 1, 15)
        qt.step(2 * CTX_SLICE * 10**9 // OA_HZ)
        eq(qt.rd(OAM['tail']) != buf.base, True, 'PAT %d: reports' % (bits >> 52))
        eq(qt.ctl(CTL_LAST) if qt.ctl(CTL_VIOLATIONS) else 0, want,
           'PAT index %d' % (bits >> 52))
        qt.close()


def test_mtl_oam_mpec8u64(qemu):
    oam_stream(qemu, 1)


def test_mtl_oam_mpec8u32(qemu):
    oam_stream(qemu, 2)


def test_mtl_oag_and_oam_side_by_side(qemu):
    # two buffers, two units, both timers: each buffer holds its own
    # unit's reports, every one of them, and nothing of the other's
    qt = mtl_qt(qemu)
    gbuf = OABuffer(qt, pte_bits=PAT_WB_COH1W, ggtt=0x00400000,
                    phys=0x04000000)
    mbuf = OABuffer(qt, pte_bits=PAT_WB_COH1W, ggtt=0x00800000,
                    phys=0x08000000)
    qt.step(CTX_SLICE * 10**9 // OA_HZ)
    ts_en = ts(qt)
    start_block(qt, gbuf, OAG, 5, 14)
    start_oam(qt, mbuf, 2, 15)
    qt.step(2 * CTX_SLICE * 10**9 // OA_HZ)
    now = ts(qt)
    for name, buf, tail, rs, period, report in (
            ('OAG', gbuf, OAG['tail'], OAG_SIZE, 1 << 15, oag_report),
            ('OAM', mbuf, OAM['tail'], 128, 1 << 16,
             lambda T, p: oam_report(2, T, p))):
        ts0 = first_ts(ts_en, period)
        n = (now - ts0) // period + 1
        eq(qt.rd(tail) - buf.base, n * rs, name + ' tail')
        for i in range(n):
            T = ts0 + i * period
            xehp_compare(buf.read(i * rs, rs), report(T, period),
                         '%s report %d (T %d)' % (name, i, T))
    # stopping one unit leaves the other running
    qt.wr(OAM['control'], 0)
    qt.wr(MEDIA_TLB_INV, 1)
    mtail = qt.rd(OAM['tail'])
    gtail = qt.rd(OAG['tail'])
    qt.step(CTX_SLICE * 10**9 // OA_HZ)
    eq(qt.rd(OAM['tail']), mtail, 'OAM stopped')
    assert qt.rd(OAG['tail']) != gtail, 'OAG still running'
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()


def test_mtl_oam_registers(qemu):
    qt = mtl_qt(qemu)

    def expect(code, what):
        before = expect.count
        expect.count = qt.ctl(CTL_VIOLATIONS)
        eq(expect.count, before + 1, what + ' counted')
        eq(qt.ctl(CTL_LAST), code, what + ' code')
    expect.count = 0

    buf = OABuffer(qt, pte_bits=PAT_WB_COH1W)
    # OAG's encoding of select 2 (bits 4:2) is select 4 on OAM: no format
    qt.wr(OAM['status'], 0)
    qt.wr(OAM['head'], buf.base)
    qt.wr(OAM['buffer'], buf.base | 1)
    qt.wr(OAM['tail'], buf.base)
    qt.wr(OAM['control'], (2 << 2) | 1)
    expect(16, 'OAM enabled with select 4')
    qt.wr(OAM['control'], 0)
    # the media GT's OA TLB guards OAM's buffer, not the render GT's
    qt.wr(OA_TLB_INV, 1)
    qt.wr(OAM['buffer'], buf.base | 1)
    expect(17, 'OAM_BUFFER after the render GT invalidation only')
    qt.wr(MEDIA_TLB_INV, 1)
    eq(qt.rd(MEDIA_TLB_INV) & 1, 0, 'media TLB invalidation completes')
    qt.wr(OAM['buffer'], buf.base | 1)
    eq(qt.ctl(CTL_VIOLATIONS), expect.count, 'after the media invalidation')
    # OAM's debug, trigger, CEC and the media NOA window are its own
    qt.wr(OAM['debug'], NO_CTX_SWITCH)
    eq(qt.rd(OAM['debug']), 2, 'OAM_DEBUG')
    eq(qt.rd(0xdaf8), 0, 'OAG_OA_DEBUG untouched')
    for reg, val in ((OAM_STARTTRIG1, 0x11), (OAM_CEC0_0 + 0x3c, 0x22),
                     (MEDIA_NOA, 0x33), (MEDIA_NOA + 0x14, 0x44)):
        qt.wr(reg, val)
        eq(qt.rd(reg), val, '0x%x' % reg)
    eq(qt.rd(0xd900), 0, 'OAG_OASTARTTRIG1 untouched')
    eq(qt.ctl(CTL_VIOLATIONS), expect.count, 'no other violation')
    qt.close()


def test_mtl_oam_mmio_trigger_and_no_interrupt(qemu):
    qt = mtl_qt(qemu)
    buf = OABuffer(qt, pte_bits=PAT_WB_COH1W)
    qt.wr(OAM['debug'], NO_CTX_SWITCH)
    start_oam(qt, buf, 1, 63)
    qt.wr(OAM['timer'], 0)
    qt.step(5000)
    qt.wr(OAM_MMIO_TRG, 0xc0de0001)
    T = ts(qt)
    eq(qt.rd(OAM['tail']) - buf.base, 192, 'one triggered report')
    xehp_compare(buf.read(0, 192),
                 oam_report(1, T, trigger=(0xc0de0001, SOURCE_CPU)),
                 'OAM triggered report')
    # OAG's trigger writes nothing into OAM's buffer
    qt.wr(OAG_MMIOTRIGGER, 0xc0de0002)
    eq(qt.rd(OAM['tail']) - buf.base, 192, 'OAG trigger elsewhere')
    # past half full: no public source routes OAM's interrupt, none is
    # raised
    qt.wr(OAM['timer'], (8 << 2) | 3)
    qt.step(buf.size // 192 * (1 << 9) * 10**9 // OA_HZ * 3 // 4)
    assert (qt.rd(OAM['tail']) - buf.base) > buf.size // 2, 'half full'
    eq(qt.ctl(CTL_HALF_IRQS), 0, 'no half-full interrupt')
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()


def test_mtl_migration(qemu):
    # both units running; the destination lands each unit's next report
    extra = ',device-id=0x7d55'
    with tempfile.TemporaryDirectory() as tmp:
        qt = QTest(qemu, extra, monitor=os.path.join(tmp, 'src'))
        for req in (FW_GT, FW_RENDER, FW_MEDIA_GT):
            qt.wr(req, 0x10001)
        # the media GT's NOA network too: its state migrates
        qt.wr(MEDIA + 0x0d04, 0x200)
        gbuf = OABuffer(qt, pte_bits=PAT_WB_COH1W, ggtt=0x00400000,
                    phys=0x04000000)
        mbuf = OABuffer(qt, pte_bits=PAT_WB_COH1W, ggtt=0x00800000,
                    phys=0x08000000)
        ts_en = ts(qt)
        start_block(qt, gbuf, OAG, 5, 16)
        start_oam(qt, mbuf, 1, 16)
        period = 1 << 17
        ts0 = first_ts(ts_en, period)
        qt.step((ts0 - qt.ts_base) * 10**9 // OA_HZ + 1 - qt.now)
        eq(qt.rd(OAM['tail']) - mbuf.base, 192, 'OAM report 0')
        qt = migrate(qemu, qt, tmp, extra)
        gbuf.qt = mbuf.qt = qt
        qt.step((ts0 + period - qt.ts_base) * 10**9 // OA_HZ + 1 - qt.now)
        eq(qt.rd(OAM['tail']) - mbuf.base, 2 * 192, 'OAM report 1')
        eq(qt.rd(OAG['tail']) - gbuf.base, 2 * OAG_SIZE, 'OAG report 1')
        xehp_compare(mbuf.read(192, 192),
                     oam_report(1, ts0 + period, period), 'OAM after')
        xehp_compare(gbuf.read(OAG_SIZE, OAG_SIZE),
                     oag_report(ts0 + period, period), 'OAG after')
        eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
        qt.close()


def main(argv):
    return run_tests(argv, collect_tests(globals()))


if __name__ == '__main__':
    sys.exit(main(sys.argv))
