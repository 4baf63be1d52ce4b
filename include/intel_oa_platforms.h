/* SPDX-License-Identifier: MIT */
/*
 * intel_oa_platforms.h - the one table of the platforms intel-oa knows
 *
 * Copyright (c) 2026 The intel-oa authors
 *
 * Every product reads its rows from here: the driver's platform rows and
 * PCI ids (drivers/gpu/drm/intel_oa/intel_oa_platform.c), the device
 * model's configurations (tools/qemu/hw/misc/intel_oa/intel_oa_platform.c),
 * the library's device table and Intel's metric-file chipset map
 * (tools/lib/platforms.c, tools/lib/oa-xml.c), the in-guest tests' rows
 * (tests/igt/lib/oa_hw.c), and, through scripts/platforms, the runner,
 * the qtests and the shell tests. What differs between generations is
 * not here but in each product's family macros (register layouts,
 * formats, interrupt hierarchy, fuse layout, limits), which the FAMILY
 * column selects. Documentation/adding-a-platform.rst tells how to add a
 * row.
 *
 * The includer defines, before including this file,
 *
 *   INTEL_OA_PLATFORM(ID, NAME, DEVID, FAMILY, I915, PART, MESA,
 *                     GT, SLICES, SUBSLICES, EUS, DSS, OA_HZ,
 *                     RP0, RP1, RPN, TICKS, ENGINES, MSLICE, SQIDI, REV)
 *   INTEL_OA_SIBLING(ID, DEVID)
 *   INTEL_OA_ALIAS(ID, NAME)
 *   INTEL_OA_FAMILY(FAMILY, VER, GEN)
 *
 * (any it leaves undefined expand to nothing; all four are undefined at
 * the end, so the file can be included again with other definitions).
 *
 * ID        C identifier of the row
 * NAME      short name (i915's abbreviation; scripts/vm-run --platform)
 * DEVID     PCI device id the virtual GPU takes for the row
 * FAMILY    SNB IVB VLV HSW BDW CHV GEN9 GEN9_LP GEN11 GEN12 DG1 DG2 MTL
 * I915      i915's platform name, for the driver's log
 * PART      marketing name
 * MESA      chipset attribute of Intel's oa-<chipset>.xml that covers
 *           the part (Mesa's src/intel/perf, IGT's lib/i915/perf-configs),
 *           NULL if none. IGT reads Comet Lake with Coffee Lake's files;
 *           ACM GT1 is DG2-G11, GT2 DG2-G12, GT3 DG2-G10 (IGT); Mesa
 *           takes the GT1/GT2 file of Meteor Lake and Arrow Lake up to 64
 *           EUs, the GT2/GT3 one up to 128
 * GT        GT level i915_pciids.h names for the id, 0 where none
 * SLICES, SUBSLICES, EUS
 *           fused topology of the virtual part: slices, subslices per
 *           slice (Xe-HP: dual-subslices / Xe-cores), EUs per subslice
 * DSS       Xe-HP dual-subslice enable mask (GT_GEOMETRY_DSS_ENABLE),
 *           0 before Xe-HP
 * OA_HZ     OA timestamp frequency, Hz (the command streamer's is half
 *           of it on DG2 and MTL: Wa_18013179988, Wa_14015846243)
 * RP0, RP1, RPN
 *           frequencies the virtual part reports in RP_STATE_CAP, MHz
 * TICKS     GPU_TICKS per OA timestamp tick of the device model's
 *           synthetic workload (Documentation/vgpu-device.rst)
 * ENGINES   i915's platform_engine_mask of the part: GEN6 HSW GT3 GEN11
 *           DG2 MTL (the driver's ENGINES_* sets)
 * MSLICE, SQIDI
 *           DG2 steering: enabled mslices and SQIDI instances (seed 002's
 *           steering notes), 0 elsewhere
 * REV       PCI revision of the virtual GPU
 *
 * INTEL_OA_SIBLING lists the other PCI ids of the same part and GT that
 * the driver binds and the library recognises (i915_pciids.h, Linux's
 * include/drm/intel/pciids.h). Two rows never share a DEVID: another
 * name for a row is an INTEL_OA_ALIAS, which only the runner knows.
 *
 * INTEL_OA_FAMILY gives a FAMILY's graphics version as this project
 * numbers it (the library's x100 VER; GEN as scripts/platforms and
 * Documentation/platforms.rst write it: 7.5 Haswell, 12.5 DG2, 12.70
 * Meteor Lake).
 */

#ifndef INTEL_OA_PLATFORM
#define INTEL_OA_PLATFORM(id, name, devid, family, i915, part, mesa, gt, \
			  slices, subslices, eus, dss, oa_hz, rp0, rp1, rpn, \
			  ticks, engines, mslice, sqidi, rev)
#endif
#ifndef INTEL_OA_SIBLING
#define INTEL_OA_SIBLING(id, devid)
#endif
#ifndef INTEL_OA_ALIAS
#define INTEL_OA_ALIAS(id, name)
#endif
#ifndef INTEL_OA_FAMILY
#define INTEL_OA_FAMILY(family, ver, gen)
#endif

INTEL_OA_FAMILY(SNB, 600, "6")
INTEL_OA_FAMILY(IVB, 700, "7")
INTEL_OA_FAMILY(VLV, 700, "7")
INTEL_OA_FAMILY(HSW, 750, "7.5")
INTEL_OA_FAMILY(BDW, 800, "8")
INTEL_OA_FAMILY(CHV, 800, "8")
INTEL_OA_FAMILY(GEN9, 900, "9")
INTEL_OA_FAMILY(GEN9_LP, 900, "9")
INTEL_OA_FAMILY(GEN11, 1100, "11")
INTEL_OA_FAMILY(GEN12, 1200, "12")
INTEL_OA_FAMILY(DG1, 1200, "12")
INTEL_OA_FAMILY(DG2, 1250, "12.5")
INTEL_OA_FAMILY(MTL, 1270, "12.70")

/*
 * Gen6-7.5 (Documentation/gen6-gen7.rst): i915_pciids.h INTEL_SNB_*_IDS,
 * INTEL_IVB_*_IDS, INTEL_VLV_IDS, INTEL_HSW_IDS
 */
INTEL_OA_PLATFORM(snb_gt1, "snb-gt1", 0x0102, SNB, "sandybridge-gt1",
		  "Sandy Bridge GT1, HD Graphics 2000", NULL,
		  1, 1, 1, 6, 0x0, 12500000, 1100, 850, 350, 68,
		  GEN6, 0x0, 0x0, 0x01)
INTEL_OA_SIBLING(snb_gt1, 0x0106) INTEL_OA_SIBLING(snb_gt1, 0x010a)
INTEL_OA_PLATFORM(snb_gt2, "snb", 0x0112, SNB, "sandybridge-gt2",
		  "Sandy Bridge GT2, HD Graphics 3000", NULL,
		  2, 1, 1, 12, 0x0, 12500000, 1350, 850, 350, 68,
		  GEN6, 0x0, 0x0, 0x01)
INTEL_OA_SIBLING(snb_gt2, 0x0116) INTEL_OA_SIBLING(snb_gt2, 0x0122)
INTEL_OA_SIBLING(snb_gt2, 0x0126)
INTEL_OA_PLATFORM(ivb_gt1, "ivb-gt1", 0x0152, IVB, "ivybridge-gt1",
		  "Ivy Bridge GT1, HD Graphics 2500", NULL,
		  1, 1, 1, 6, 0x0, 12500000, 1050, 650, 350, 52,
		  GEN6, 0x0, 0x0, 0x01)
INTEL_OA_SIBLING(ivb_gt1, 0x0156) INTEL_OA_SIBLING(ivb_gt1, 0x015a)
INTEL_OA_PLATFORM(ivb_gt2, "ivb", 0x0162, IVB, "ivybridge-gt2",
		  "Ivy Bridge GT2, HD Graphics 4000", NULL,
		  2, 1, 2, 8, 0x0, 12500000, 1150, 650, 350, 52,
		  GEN6, 0x0, 0x0, 0x01)
INTEL_OA_SIBLING(ivb_gt2, 0x0166) INTEL_OA_SIBLING(ivb_gt2, 0x016a)
INTEL_OA_PLATFORM(vlv, "vlv", 0x0f31, VLV, "valleyview",
		  "Valleyview / Bay Trail, HD Graphics", NULL,
		  0, 1, 1, 4, 0x0, 12500000, 650, 450, 300, 36,
		  GEN6, 0x0, 0x0, 0x01)
INTEL_OA_SIBLING(vlv, 0x0f30) INTEL_OA_SIBLING(vlv, 0x0f32)
INTEL_OA_SIBLING(vlv, 0x0f33) INTEL_OA_SIBLING(vlv, 0x0155)
INTEL_OA_SIBLING(vlv, 0x0157)
INTEL_OA_PLATFORM(hsw_gt1, "hsw-gt1", 0x0402, HSW, "haswell-gt1",
		  "Haswell GT1, HD Graphics", "HSW",
		  1, 1, 1, 10, 0x0, 12500000, 1100, 700, 350, 56,
		  HSW, 0x0, 0x0, 0x01)
INTEL_OA_SIBLING(hsw_gt1, 0x0406) INTEL_OA_SIBLING(hsw_gt1, 0x040a)
INTEL_OA_SIBLING(hsw_gt1, 0x040b) INTEL_OA_SIBLING(hsw_gt1, 0x040e)
INTEL_OA_SIBLING(hsw_gt1, 0x0a02) INTEL_OA_SIBLING(hsw_gt1, 0x0a06)
INTEL_OA_SIBLING(hsw_gt1, 0x0a0a) INTEL_OA_SIBLING(hsw_gt1, 0x0a0b)
INTEL_OA_SIBLING(hsw_gt1, 0x0a0e) INTEL_OA_SIBLING(hsw_gt1, 0x0c02)
INTEL_OA_SIBLING(hsw_gt1, 0x0c06) INTEL_OA_SIBLING(hsw_gt1, 0x0c0a)
INTEL_OA_SIBLING(hsw_gt1, 0x0c0b) INTEL_OA_SIBLING(hsw_gt1, 0x0c0e)
INTEL_OA_SIBLING(hsw_gt1, 0x0d02) INTEL_OA_SIBLING(hsw_gt1, 0x0d06)
INTEL_OA_SIBLING(hsw_gt1, 0x0d0a) INTEL_OA_SIBLING(hsw_gt1, 0x0d0b)
INTEL_OA_SIBLING(hsw_gt1, 0x0d0e)
INTEL_OA_PLATFORM(hsw_gt2, "hsw", 0x0412, HSW, "haswell-gt2",
		  "Haswell GT2, HD Graphics 4600", "HSW",
		  2, 1, 2, 10, 0x0, 12500000, 1200, 700, 350, 56,
		  HSW, 0x0, 0x0, 0x01)
INTEL_OA_SIBLING(hsw_gt2, 0x0416) INTEL_OA_SIBLING(hsw_gt2, 0x041a)
INTEL_OA_SIBLING(hsw_gt2, 0x041b) INTEL_OA_SIBLING(hsw_gt2, 0x041e)
INTEL_OA_SIBLING(hsw_gt2, 0x0a12) INTEL_OA_SIBLING(hsw_gt2, 0x0a16)
INTEL_OA_SIBLING(hsw_gt2, 0x0a1a) INTEL_OA_SIBLING(hsw_gt2, 0x0a1b)
INTEL_OA_SIBLING(hsw_gt2, 0x0a1e) INTEL_OA_SIBLING(hsw_gt2, 0x0c12)
INTEL_OA_SIBLING(hsw_gt2, 0x0c16) INTEL_OA_SIBLING(hsw_gt2, 0x0c1a)
INTEL_OA_SIBLING(hsw_gt2, 0x0c1b) INTEL_OA_SIBLING(hsw_gt2, 0x0c1e)
INTEL_OA_SIBLING(hsw_gt2, 0x0d12) INTEL_OA_SIBLING(hsw_gt2, 0x0d16)
INTEL_OA_SIBLING(hsw_gt2, 0x0d1a) INTEL_OA_SIBLING(hsw_gt2, 0x0d1b)
INTEL_OA_SIBLING(hsw_gt2, 0x0d1e)
INTEL_OA_PLATFORM(hsw_gt3, "hsw-gt3", 0x0d22, HSW, "haswell-gt3",
		  "Haswell GT3e, Iris Pro 5200", "HSW",
		  3, 2, 2, 10, 0x0, 12500000, 1300, 700, 200, 56,
		  HSW, 0x0, 0x0, 0x01)
INTEL_OA_SIBLING(hsw_gt3, 0x0422) INTEL_OA_SIBLING(hsw_gt3, 0x0426)
INTEL_OA_SIBLING(hsw_gt3, 0x042a) INTEL_OA_SIBLING(hsw_gt3, 0x042b)
INTEL_OA_SIBLING(hsw_gt3, 0x042e) INTEL_OA_SIBLING(hsw_gt3, 0x0a22)
INTEL_OA_SIBLING(hsw_gt3, 0x0a26) INTEL_OA_SIBLING(hsw_gt3, 0x0a2a)
INTEL_OA_SIBLING(hsw_gt3, 0x0a2b) INTEL_OA_SIBLING(hsw_gt3, 0x0a2e)
INTEL_OA_SIBLING(hsw_gt3, 0x0c22) INTEL_OA_SIBLING(hsw_gt3, 0x0c26)
INTEL_OA_SIBLING(hsw_gt3, 0x0c2a) INTEL_OA_SIBLING(hsw_gt3, 0x0c2b)
INTEL_OA_SIBLING(hsw_gt3, 0x0c2e) INTEL_OA_SIBLING(hsw_gt3, 0x0d26)
INTEL_OA_SIBLING(hsw_gt3, 0x0d2a) INTEL_OA_SIBLING(hsw_gt3, 0x0d2b)
INTEL_OA_SIBLING(hsw_gt3, 0x0d2e)

/*
 * Gen8-12 (Documentation/platforms.rst): i915_pciids.h INTEL_BDW_IDS ..
 * INTEL_DG1_IDS
 */
INTEL_OA_PLATFORM(bdw_gt2, "bdw", 0x1616, BDW, "broadwell-gt2",
		  "Broadwell GT2, HD Graphics 5500", "BDW",
		  2, 1, 3, 8, 0x0, 12500000, 950, 300, 100, 48,
		  HSW, 0x0, 0x0, 0x01)
INTEL_OA_SIBLING(bdw_gt2, 0x1612) INTEL_OA_SIBLING(bdw_gt2, 0x161a)
INTEL_OA_SIBLING(bdw_gt2, 0x161b) INTEL_OA_SIBLING(bdw_gt2, 0x161d)
INTEL_OA_SIBLING(bdw_gt2, 0x161e)
INTEL_OA_PLATFORM(chv, "chv", 0x22b0, CHV, "cherryview",
		  "Cherryview, HD Graphics (x7)", "CHV",
		  0, 1, 2, 8, 0x0, 12500000, 600, 400, 200, 32,
		  HSW, 0x0, 0x0, 0x01)
INTEL_OA_SIBLING(chv, 0x22b1) INTEL_OA_SIBLING(chv, 0x22b2)
INTEL_OA_SIBLING(chv, 0x22b3)
INTEL_OA_PLATFORM(skl_gt2, "skl", 0x1912, GEN9, "skylake-gt2",
		  "Skylake GT2, HD Graphics 530", "SKLGT2",
		  2, 1, 3, 8, 0x0, 12000000, 1150, 350, 300, 50,
		  HSW, 0x0, 0x0, 0x07)
INTEL_OA_ALIAS(skl_gt2, "skl-gt2")
INTEL_OA_SIBLING(skl_gt2, 0x1916) INTEL_OA_SIBLING(skl_gt2, 0x191a)
INTEL_OA_SIBLING(skl_gt2, 0x191b) INTEL_OA_SIBLING(skl_gt2, 0x191d)
INTEL_OA_SIBLING(skl_gt2, 0x191e) INTEL_OA_SIBLING(skl_gt2, 0x1921)
INTEL_OA_PLATFORM(skl_gt3, "skl-gt3", 0x1926, GEN9, "skylake-gt3",
		  "Skylake GT3e, Iris Graphics 540", "SKLGT3",
		  3, 2, 3, 8, 0x0, 12000000, 1050, 300, 300, 50,
		  GT3, 0x0, 0x0, 0x01)
INTEL_OA_SIBLING(skl_gt3, 0x1923) INTEL_OA_SIBLING(skl_gt3, 0x1927)
INTEL_OA_SIBLING(skl_gt3, 0x192a) INTEL_OA_SIBLING(skl_gt3, 0x192b)
INTEL_OA_SIBLING(skl_gt3, 0x192d)
INTEL_OA_PLATFORM(skl_gt4, "skl-gt4", 0x193b, GEN9, "skylake-gt4",
		  "Skylake GT4e, Iris Pro Graphics 580", "SKLGT4",
		  4, 3, 3, 8, 0x0, 12000000, 1000, 350, 300, 50,
		  GT3, 0x0, 0x0, 0x01)
INTEL_OA_SIBLING(skl_gt4, 0x1932) INTEL_OA_SIBLING(skl_gt4, 0x193a)
INTEL_OA_SIBLING(skl_gt4, 0x193d)
INTEL_OA_PLATFORM(bxt, "bxt", 0x5a84, GEN9_LP, "broxton",
		  "Broxton, HD Graphics 505", "BXT",
		  0, 1, 3, 6, 0x0, 19200000, 750, 300, 250, 30,
		  HSW, 0x0, 0x0, 0x01)
INTEL_OA_SIBLING(bxt, 0x0a84) INTEL_OA_SIBLING(bxt, 0x1a84)
INTEL_OA_SIBLING(bxt, 0x1a85) INTEL_OA_SIBLING(bxt, 0x5a85)
INTEL_OA_PLATFORM(kbl_gt2, "kbl", 0x5916, GEN9, "kabylake-gt2",
		  "Kaby Lake GT2, HD Graphics 620", "KBLGT2",
		  2, 1, 3, 8, 0x0, 12000000, 1050, 300, 300, 50,
		  HSW, 0x0, 0x0, 0x01)
INTEL_OA_SIBLING(kbl_gt2, 0x5912) INTEL_OA_SIBLING(kbl_gt2, 0x5917)
INTEL_OA_SIBLING(kbl_gt2, 0x591a) INTEL_OA_SIBLING(kbl_gt2, 0x591b)
INTEL_OA_SIBLING(kbl_gt2, 0x591d) INTEL_OA_SIBLING(kbl_gt2, 0x591e)
INTEL_OA_SIBLING(kbl_gt2, 0x5921)
INTEL_OA_PLATFORM(kbl_gt3, "kbl-gt3", 0x5926, GEN9, "kabylake-gt3",
		  "Kaby Lake GT3, Iris Plus 640", "KBLGT3",
		  3, 2, 3, 8, 0x0, 12000000, 1050, 300, 300, 50,
		  GT3, 0x0, 0x0, 0x01)
INTEL_OA_SIBLING(kbl_gt3, 0x5923) INTEL_OA_SIBLING(kbl_gt3, 0x5927)
INTEL_OA_PLATFORM(glk, "glk", 0x3184, GEN9_LP, "geminilake",
		  "Gemini Lake, UHD Graphics 605", "GLK",
		  0, 1, 3, 6, 0x0, 19200000, 750, 300, 250, 30,
		  HSW, 0x0, 0x0, 0x01)
INTEL_OA_SIBLING(glk, 0x3185)
INTEL_OA_PLATFORM(cfl_gt2, "cfl", 0x3e92, GEN9, "coffeelake-gt2",
		  "Coffee Lake GT2, UHD Graphics 630", "CFLGT2",
		  2, 1, 3, 8, 0x0, 12000000, 1200, 350, 350, 50,
		  HSW, 0x0, 0x0, 0x01)
INTEL_OA_PLATFORM(cfl_gt3, "cfl-gt3", 0x3ea5, GEN9, "coffeelake-gt3",
		  "Coffee Lake GT3, Iris Plus 655", "CFLGT3",
		  3, 2, 3, 8, 0x0, 12000000, 1200, 300, 300, 50,
		  GT3, 0x0, 0x0, 0x01)
INTEL_OA_PLATFORM(cml_gt2, "cml", 0x9bc5, GEN9, "cometlake-gt2",
		  "Comet Lake GT2, UHD Graphics 630", "CFLGT2",
		  2, 1, 3, 8, 0x0, 12000000, 1200, 350, 350, 50,
		  HSW, 0x0, 0x0, 0x01)
INTEL_OA_SIBLING(cml_gt2, 0x9bc2) INTEL_OA_SIBLING(cml_gt2, 0x9bc4)
INTEL_OA_SIBLING(cml_gt2, 0x9bc6) INTEL_OA_SIBLING(cml_gt2, 0x9bc8)
INTEL_OA_SIBLING(cml_gt2, 0x9be6)
INTEL_OA_PLATFORM(icl, "icl", 0x8a52, GEN11, "icelake",
		  "Ice Lake, Iris Plus G7", "ICL",
		  0, 1, 8, 8, 0x0, 12000000, 1100, 300, 300, 50,
		  GEN11, 0x0, 0x0, 0x01)
INTEL_OA_PLATFORM(ehl, "ehl", 0x4571, GEN11, "elkhartlake",
		  "Elkhart Lake, UHD (Atom x6000E)", "EHL",
		  0, 1, 4, 8, 0x0, 19200000, 750, 300, 250, 30,
		  HSW, 0x0, 0x0, 0x01)
INTEL_OA_PLATFORM(jsl, "jsl", 0x4e71, GEN11, "jasperlake",
		  "Jasper Lake, UHD Graphics", "EHL",
		  0, 1, 4, 8, 0x0, 19200000, 800, 350, 250, 30,
		  HSW, 0x0, 0x0, 0x01)
INTEL_OA_PLATFORM(tgl_gt1, "tgl-gt1", 0x9a60, GEN12, "tigerlake-gt1",
		  "Tiger Lake GT1, UHD Graphics", "TGLGT1",
		  1, 1, 2, 16, 0x0, 19200000, 1450, 350, 100, 30,
		  GEN11, 0x0, 0x0, 0x01)
INTEL_OA_PLATFORM(tgl_gt2, "tgl", 0x9a49, GEN12, "tigerlake-gt2",
		  "Tiger Lake GT2, Iris Xe (96 EU)", "TGLGT2",
		  2, 1, 6, 16, 0x0, 19200000, 1350, 400, 100, 30,
		  GEN11, 0x0, 0x0, 0x01)
INTEL_OA_PLATFORM(rkl, "rkl", 0x4c8a, GEN12, "rocketlake",
		  "Rocket Lake, UHD Graphics 750", "RKL",
		  0, 1, 2, 16, 0x0, 19200000, 1300, 350, 100, 30,
		  HSW, 0x0, 0x0, 0x01)
INTEL_OA_PLATFORM(adl_s, "adl-s", 0x4680, GEN12, "alderlake-s",
		  "Alder Lake-S, UHD Graphics 770", "ADL",
		  0, 1, 2, 16, 0x0, 19200000, 1450, 300, 100, 30,
		  GEN11, 0x0, 0x0, 0x01)
INTEL_OA_PLATFORM(adl_p, "adl-p", 0x46a6, GEN12, "alderlake-p",
		  "Alder Lake-P, Iris Xe (96 EU)", "ADL",
		  0, 1, 6, 16, 0x0, 19200000, 1400, 300, 100, 30,
		  GEN11, 0x0, 0x0, 0x01)
INTEL_OA_PLATFORM(dg1, "dg1", 0x4905, DG1, "dg1",
		  "DG1, Iris Xe MAX", "DG1",
		  0, 1, 6, 16, 0x0, 19200000, 1550, 300, 100, 30,
		  GEN11, 0x0, 0x0, 0x01)

/*
 * Gen12.5 (Documentation/dg2.rst): INTEL_DG2_G10/G11/G12_IDS, INTEL_ATS_M150/M75_IDS
 */
INTEL_OA_PLATFORM(dg2_g10, "dg2-g10", 0x56a0, DG2, "dg2-g10",
		  "Arc A770 (DG2-512)", "ACMGT3",
		  0, 1, 32, 16, 0xffffffff, 38400000, 2400, 1000, 300, 50,
		  DG2, 0xf, 0xff, 0x01)
INTEL_OA_SIBLING(dg2_g10, 0x5690) INTEL_OA_SIBLING(dg2_g10, 0x5691)
INTEL_OA_SIBLING(dg2_g10, 0x5692) INTEL_OA_SIBLING(dg2_g10, 0x56a1)
INTEL_OA_SIBLING(dg2_g10, 0x56a2)
INTEL_OA_PLATFORM(dg2_g11, "dg2-g11", 0x56a5, DG2, "dg2-g11",
		  "Arc A380 (DG2-128)", "ACMGT1",
		  0, 1, 8, 16, 0xff, 38400000, 2450, 1000, 300, 50,
		  DG2, 0x2, 0xc, 0x01)
INTEL_OA_SIBLING(dg2_g11, 0x5693) INTEL_OA_SIBLING(dg2_g11, 0x5694)
INTEL_OA_SIBLING(dg2_g11, 0x5695) INTEL_OA_SIBLING(dg2_g11, 0x56a6)
INTEL_OA_SIBLING(dg2_g11, 0x56b0) INTEL_OA_SIBLING(dg2_g11, 0x56b1)
INTEL_OA_PLATFORM(dg2_g12, "dg2-g12", 0x56a3, DG2, "dg2-g12",
		  "Arc DG2-G12 (DG2-256)", "ACMGT2",
		  0, 1, 16, 16, 0xffff, 38400000, 2450, 1000, 300, 50,
		  DG2, 0x3, 0x3c, 0x01)
INTEL_OA_SIBLING(dg2_g12, 0x5696) INTEL_OA_SIBLING(dg2_g12, 0x5697)
INTEL_OA_SIBLING(dg2_g12, 0x56a4) INTEL_OA_SIBLING(dg2_g12, 0x56b2)
INTEL_OA_SIBLING(dg2_g12, 0x56b3)
INTEL_OA_PLATFORM(ats_m150, "ats-m150", 0x56c0, DG2, "ats-m150",
		  "Data Center GPU Flex 170", "ACMGT3",
		  0, 1, 32, 16, 0xffffffff, 38400000, 2050, 1000, 300, 50,
		  DG2, 0xf, 0xff, 0x01)
INTEL_OA_SIBLING(ats_m150, 0x56c2)
INTEL_OA_PLATFORM(ats_m75, "ats-m75", 0x56c1, DG2, "ats-m75",
		  "Data Center GPU Flex 140 (one GPU)", "ACMGT1",
		  0, 1, 8, 16, 0xff, 38400000, 2050, 1000, 300, 50,
		  DG2, 0x2, 0xc, 0x01)

/*
 * Xe-LPG (Documentation/mtl.rst): include/drm/intel/pciids.h INTEL_MTL_IDS,
 * INTEL_ARL_H_IDS, INTEL_ARL_S_IDS (i915 matches Arrow Lake as Meteor Lake)
 */
INTEL_OA_PLATFORM(mtl, "mtl", 0x7d55, MTL, "meteorlake",
		  "Meteor Lake-H, Arc Graphics (8 Xe-cores)", "MTLGT3",
		  0, 1, 8, 16, 0xff, 38400000, 2250, 800, 300, 50,
		  MTL, 0x0, 0x0, 0x01)
INTEL_OA_SIBLING(mtl, 0x7d40) INTEL_OA_SIBLING(mtl, 0x7d45)
INTEL_OA_SIBLING(mtl, 0x7d60) INTEL_OA_SIBLING(mtl, 0x7dd5)
INTEL_OA_PLATFORM(arl_h, "arl-h", 0x7d51, MTL, "arrowlake",
		  "Arrow Lake-H, Arc Graphics (8 Xe-cores)", "ARLGT2",
		  0, 1, 8, 16, 0xff, 38400000, 2350, 800, 300, 50,
		  MTL, 0x0, 0x0, 0x01)
INTEL_OA_SIBLING(arl_h, 0x7dd1)
INTEL_OA_PLATFORM(arl_s, "arl-s", 0x7d67, MTL, "arrowlake",
		  "Arrow Lake-S, Graphics (4 Xe-cores)", "ARLGT1",
		  0, 1, 4, 16, 0xf, 38400000, 2000, 800, 300, 50,
		  MTL, 0x0, 0x0, 0x01)
INTEL_OA_SIBLING(arl_s, 0x7d41) INTEL_OA_SIBLING(arl_s, 0xb640)

#undef INTEL_OA_PLATFORM
#undef INTEL_OA_SIBLING
#undef INTEL_OA_ALIAS
#undef INTEL_OA_FAMILY
