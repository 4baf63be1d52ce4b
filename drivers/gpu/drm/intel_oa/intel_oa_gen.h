/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-generation OA ops tables, referenced by the platform table, and the
 * building blocks they are assembled from (intel_oa_ops.c assembles them).
 */

#ifndef _INTEL_OA_GEN_H_
#define _INTEL_OA_GEN_H_

#include "intel_oa_types.h"

extern const struct intel_oa_hw_ops intel_oa_snb_ops;
extern const struct intel_oa_hw_ops intel_oa_ivb_ops;
extern const struct intel_oa_hw_ops intel_oa_hsw_ops;
extern const struct intel_oa_hw_ops intel_oa_gen8_ops;
extern const struct intel_oa_hw_ops intel_oa_chv_ops;
extern const struct intel_oa_hw_ops intel_oa_gen9_ops;
extern const struct intel_oa_hw_ops intel_oa_gen11_ops;
extern const struct intel_oa_hw_ops intel_oa_gen12_ops;
extern const struct intel_oa_hw_ops intel_oa_dg1_ops;
extern const struct intel_oa_hw_ops intel_oa_dg2_ops;
extern const struct intel_oa_hw_ops intel_oa_mtl_ops;

/* intel_oa_ggtt.c: GGTT layouts and PTE encodings. */
extern const struct intel_oa_ggtt_desc intel_oa_gen8_ggtt;
extern const struct intel_oa_ggtt_desc intel_oa_mtl_ggtt;
extern const struct intel_oa_ggtt_desc intel_oa_chv_ggtt;
extern const struct intel_oa_ggtt_desc intel_oa_snb_ggtt;
extern const struct intel_oa_ggtt_desc intel_oa_vlv_ggtt;
extern const struct intel_oa_ggtt_desc intel_oa_hsw_ggtt;

/* intel_oa_unit.c: OA units; one code path for Gen8+ over register tables. */
extern const struct intel_oa_unit_regs intel_oa_gen8_unit_regs;
extern const struct intel_oa_unit_regs intel_oa_oag_unit_regs;
extern const struct intel_oa_unit_regs intel_oa_xehp_oag_unit_regs;
extern const struct intel_oa_unit_regs intel_oa_mtl_oam_unit_regs;
extern const struct intel_oa_unit_funcs intel_oa_unit_funcs;

/* intel_oa_hw_context.c: each generation's execlists and context images. */
extern const struct intel_oa_lrc_desc intel_oa_gen8_lrc;
extern const struct intel_oa_lrc_desc intel_oa_gen9_lrc;
extern const struct intel_oa_lrc_desc intel_oa_gen11_lrc;
extern const struct intel_oa_lrc_desc intel_oa_gen12_lrc;
extern const struct intel_oa_lrc_desc intel_oa_xehp_lrc;

/* intel_oa_gen7.c: the Gen6/7 OA block. */
extern const struct intel_oa_unit_funcs intel_oa_gen7_unit_funcs;

/* intel_oa_gen7_irq.c: the Gen7 GT interrupt. */
void intel_oa_gen7_irq_reset(struct intel_oa_device *oa);
void intel_oa_gen7_irq_postinstall(struct intel_oa_device *oa);
void intel_oa_gen7_irq_oa_unmask(struct intel_oa_unit *unit);
void intel_oa_gen7_irq_oa_mask(struct intel_oa_unit *unit);
void intel_oa_gen6_irq_postinstall(struct intel_oa_device *oa);
void intel_oa_gen7_irq_user_unmask(struct intel_oa_device *oa);
irqreturn_t intel_oa_gen7_irq_handler(struct intel_oa_device *oa);

/* intel_oa_gen8_irq.c: the Gen8 GT banks and the OA units' own masks. */
void intel_oa_irq_mask_units(struct intel_oa_device *oa);
void intel_oa_gen8_irq_reset(struct intel_oa_device *oa);
void intel_oa_gen8_irq_postinstall(struct intel_oa_device *oa);
void intel_oa_gen8_irq_oa_unmask(struct intel_oa_unit *unit);
void intel_oa_gen8_irq_oa_mask(struct intel_oa_unit *unit);
void intel_oa_gen8_irq_cs_unmask(struct intel_oa_device *oa);
irqreturn_t intel_oa_gen8_irq_handler(struct intel_oa_device *oa);

/* intel_oa_whitelist.c: what an OA config may write. */
extern const struct intel_oa_whitelist intel_oa_snb_b_counter_regs;
extern const struct intel_oa_whitelist intel_oa_gen7_b_counter_regs;
extern const struct intel_oa_whitelist intel_oa_gen12_b_counter_regs;
extern const struct intel_oa_whitelist intel_oa_xehp_b_counter_regs;
extern const struct intel_oa_whitelist intel_oa_mtl_b_counter_regs;
extern const struct intel_oa_whitelist intel_oa_gen7_mux_regs;
extern const struct intel_oa_whitelist intel_oa_hsw_mux_regs;
extern const struct intel_oa_whitelist intel_oa_gen8_mux_regs;
extern const struct intel_oa_whitelist intel_oa_chv_mux_regs;
extern const struct intel_oa_whitelist intel_oa_gen11_mux_regs;
extern const struct intel_oa_whitelist intel_oa_gen12_mux_regs;
extern const struct intel_oa_whitelist intel_oa_mtl_mux_regs;
extern const struct intel_oa_whitelist intel_oa_flex_whitelist;

/* intel_oa_metric_set.c: writing a metrics set, shared by the OA blocks. */
#define INTEL_OA_N_FLEX_REGS	7
extern const u32 intel_oa_flex_regs[INTEL_OA_N_FLEX_REGS];
void intel_oa_program_config(struct intel_oa_device *oa,
			     const struct intel_oa_config *config,
			     u32 gt_offset, bool flex);
void intel_oa_clear_flex(struct intel_oa_device *oa);
void intel_oa_noa_disable(struct intel_oa_device *oa);

/* intel_oa_fuses.c: topology and timestamp clock readers. */
void intel_oa_gen8_read_topology(struct intel_oa_device *oa);
void intel_oa_chv_read_topology(struct intel_oa_device *oa);
void intel_oa_gen9_read_topology(struct intel_oa_device *oa);
void intel_oa_gen11_read_topology(struct intel_oa_device *oa);
void intel_oa_gen6_read_topology(struct intel_oa_device *oa);
void intel_oa_hsw_read_topology(struct intel_oa_device *oa);
void intel_oa_gen12_read_topology(struct intel_oa_device *oa);
u32 intel_oa_gen8_read_timestamp_freq(struct intel_oa_device *oa);
u32 intel_oa_gen9_read_timestamp_freq(struct intel_oa_device *oa);
u32 intel_oa_gen11_read_timestamp_freq(struct intel_oa_device *oa);
void intel_oa_xehp_read_topology(struct intel_oa_device *oa);
u32 intel_oa_xehp_read_oa_timestamp_freq(struct intel_oa_device *oa);

/* intel_oa_gen11_irq.c: the Gen11+ and DG1 interrupt hierarchies. */
void intel_oa_gen11_irq_reset(struct intel_oa_device *oa);
void intel_oa_gen11_irq_postinstall(struct intel_oa_device *oa);
void intel_oa_gen11_irq_oa_unmask(struct intel_oa_unit *unit);
void intel_oa_gen11_irq_oa_mask(struct intel_oa_unit *unit);
void intel_oa_gen11_irq_cs_unmask(struct intel_oa_device *oa);
irqreturn_t intel_oa_gen11_irq_handler(struct intel_oa_device *oa);
void intel_oa_dg1_irq_reset(struct intel_oa_device *oa);
void intel_oa_dg1_irq_postinstall(struct intel_oa_device *oa);
irqreturn_t intel_oa_dg1_irq_handler(struct intel_oa_device *oa);
void intel_oa_dg2_irq_reset(struct intel_oa_device *oa);
void intel_oa_gen11_guc_irq_enable(struct intel_oa_device *oa, u32 vector);

/* intel_oa_guc.c: the Gen12.5 GuC bring-up hook. */
int intel_oa_xehp_guc_init(struct intel_oa_device *oa);

#endif /* _INTEL_OA_GEN_H_ */
