/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Functions shared between the intel_oa source files.
 */

#ifndef _INTEL_OA_H_
#define _INTEL_OA_H_

#include <linux/pci.h>

#include "intel_oa_compat.h"
#include "intel_oa_types.h"

struct drm_file;
struct file;
struct vm_area_struct;
struct drm_minor;
struct seq_file;

/**
 * intel_oa_topology_ss_stride - bytes per slice of the subslice masks
 * @t: topology
 *
 * Return: DIV_ROUND_UP(max_subslices, 8), as in i915's sseu info.
 */
static inline u32 intel_oa_topology_ss_stride(const struct intel_oa_topology *t)
{
	return DIV_ROUND_UP(t->max_subslices, BITS_PER_BYTE);
}

/**
 * intel_oa_topology_eu_stride - bytes per subslice of the EU masks
 * @t: topology
 *
 * Return: DIV_ROUND_UP(max_eus_per_subslice, 8), as in i915's sseu info.
 */
static inline u32 intel_oa_topology_eu_stride(const struct intel_oa_topology *t)
{
	return DIV_ROUND_UP(t->max_eus_per_subslice, BITS_PER_BYTE);
}

/* intel_oa_platform.c */
extern const struct pci_device_id intel_oa_pci_ids[];

/* intel_oa_uncore.c */
void intel_oa_uncore_init(struct intel_oa_uncore *uncore, void __iomem *bar0,
			  const struct intel_oa_gen_desc *gen);
void intel_oa_uncore_mcr_init(struct intel_oa_device *oa);
u32 intel_oa_read(struct intel_oa_device *oa, u32 reg);
void intel_oa_write(struct intel_oa_device *oa, u32 reg, u32 val);
void intel_oa_rmw(struct intel_oa_device *oa, u32 reg, u32 clear, u32 set);
u64 intel_oa_read64_2x32(struct intel_oa_device *oa, u32 lower, u32 upper);
int intel_oa_wait_for_register(struct intel_oa_device *oa, u32 reg, u32 mask,
			       u32 value, unsigned int timeout_ms);
int intel_oa_forcewake_get(struct intel_oa_device *oa);
void intel_oa_forcewake_put(struct intel_oa_device *oa);

/* intel_oa_unit.c */
int intel_oa_units_init(struct intel_oa_device *oa);
void intel_oa_stream_stats_reset(struct intel_oa_stream_stats *s);
atomic64_t *intel_oa_stream_stat(struct intel_oa_stream_stats *s,
				 unsigned int i);
extern const struct intel_oa_stream_stat intel_oa_stream_stat_fields[];
extern const unsigned int intel_oa_n_stream_stat_fields;
struct intel_oa_unit *intel_oa_unit_for_engine(struct intel_oa_device *oa,
					       unsigned int engine);

/* intel_oa_gem.c */
unsigned int intel_oa_gem_ppgtt_bits(struct intel_oa_device *oa);
bool intel_oa_gem_has_llc(struct intel_oa_device *oa);
u64 intel_oa_gem_client_limit(void);
struct intel_oa_gem_client *intel_oa_gem_client_create(void);
void intel_oa_gem_client_put(struct intel_oa_gem_client *client);
struct intel_oa_gem_object *intel_oa_gem_create(struct intel_oa_device *oa,
						struct intel_oa_gem_client *client,
						u64 size);
struct intel_oa_gem_object *intel_oa_gem_lookup(struct drm_file *file,
						u32 handle);
void intel_oa_gem_put(struct intel_oa_gem_object *obj);
int intel_oa_gem_bind(struct intel_oa_gem_object *obj, u64 fixed, u64 align,
		      u64 *offset);
int intel_oa_gem_bind_ppgtt(struct intel_oa_gem_object *obj,
			    struct intel_oa_ppgtt *ppgtt, u64 fixed, u64 align,
			    u64 end, u64 *offset);
int intel_oa_gem_patch(struct intel_oa_gem_object *obj, u64 offset, u32 value);
int intel_oa_gem_pin_pages(struct intel_oa_gem_object *obj);
int intel_oa_gem_mmap_offset(struct intel_oa_gem_object *obj,
			     enum intel_oa_mmap_type type,
			     struct drm_file *file, u64 *offset);
int intel_oa_gem_mmap(struct file *filp, struct vm_area_struct *vma);
int intel_oa_gem_wait(struct intel_oa_gem_object *obj, long timeout,
		      bool write);
u32 intel_oa_gem_busy(struct intel_oa_gem_object *obj);
int intel_oa_gem_rw(struct intel_oa_gem_object *obj, u64 offset,
		    char __user *user, u64 len, bool write);
int intel_oa_gem_client_charge(struct intel_oa_gem_client *client, u64 size);
void intel_oa_gem_client_uncharge(struct intel_oa_gem_client *client, u64 size);

/* intel_oa_user_ext.c */
typedef int (*intel_oa_user_extension_fn)(struct i915_user_extension __user *ext,
					  void *data);
int intel_oa_user_extensions(struct i915_user_extension __user *ext,
			     const intel_oa_user_extension_fn *tbl,
			     unsigned int count, void *data);

/* intel_oa_gem_context.c */
struct intel_oa_sseu intel_oa_sseu_device(struct intel_oa_device *oa);
int intel_oa_sseu_from_user(struct intel_oa_device *oa,
			    const struct drm_i915_gem_context_param_sseu *user,
			    struct intel_oa_sseu *sseu);
u64 intel_oa_gem_context_gtt_size(struct intel_oa_device *oa);
struct intel_oa_gem_vm *intel_oa_gem_vm_create(struct intel_oa_device *oa,
					       struct intel_oa_gem_client *client);
void intel_oa_gem_vm_put(struct intel_oa_gem_vm *vm);
int intel_oa_gem_vm_register(struct intel_oa_file *priv,
			     struct intel_oa_gem_vm *vm, u32 *id);
struct intel_oa_gem_vm *intel_oa_gem_vm_find(struct intel_oa_file *priv,
					     u32 id);
struct intel_oa_gem_vm *intel_oa_gem_vm_remove(struct intel_oa_file *priv,
					       u32 id);
void intel_oa_gem_context_set_vm(struct intel_oa_gem_context *ctx,
				 struct intel_oa_gem_vm *vm);
struct intel_oa_gem_context *
intel_oa_gem_context_create(struct intel_oa_device *oa,
			    struct intel_oa_gem_client *client);
int intel_oa_gem_context_set_engines(struct intel_oa_gem_context *ctx,
				     struct intel_oa_ctx_engine *engines,
				     unsigned int n);
void intel_oa_gem_context_put(struct intel_oa_gem_context *ctx);
int intel_oa_gem_context_hw(struct intel_oa_device *oa,
			    struct intel_oa_file *priv,
			    struct intel_oa_gem_context *ctx,
			    struct intel_oa_hw_context **out);
int intel_oa_gem_contexts_open(struct intel_oa_device *oa,
			       struct intel_oa_file *priv);
void intel_oa_gem_contexts_close(struct intel_oa_file *priv);
int intel_oa_gem_context_register(struct intel_oa_file *priv,
				  struct intel_oa_gem_context *ctx, u32 *id);
struct intel_oa_gem_context *intel_oa_gem_context_find(struct intel_oa_file *priv,
						       u32 id);
struct intel_oa_gem_context *intel_oa_gem_context_lookup(struct intel_oa_file *priv,
							 u32 id);
struct intel_oa_gem_context *intel_oa_gem_context_remove(struct intel_oa_file *priv,
							 u32 id);

/* intel_oa_context_ioctl.c */
int intel_oa_context_create_ioctl(struct drm_device *dev, void *data,
				  struct drm_file *file);
int intel_oa_context_destroy_ioctl(struct drm_device *dev, void *data,
				   struct drm_file *file);
int intel_oa_context_getparam_ioctl(struct drm_device *dev, void *data,
				    struct drm_file *file);
int intel_oa_context_setparam_ioctl(struct drm_device *dev, void *data,
				    struct drm_file *file);
int intel_oa_vm_create_ioctl(struct drm_device *dev, void *data,
			     struct drm_file *file);
int intel_oa_vm_destroy_ioctl(struct drm_device *dev, void *data,
			      struct drm_file *file);

/* intel_oa_gem_ioctl.c */
int intel_oa_gem_create_ioctl(struct drm_device *dev, void *data,
			      struct drm_file *file);
int intel_oa_gem_create_ext_ioctl(struct drm_device *dev, void *data,
				  struct drm_file *file);
int intel_oa_gem_mmap_offset_ioctl(struct drm_device *dev, void *data,
				   struct drm_file *file);
int intel_oa_gem_mmap_ioctl(struct drm_device *dev, void *data,
			    struct drm_file *file);
int intel_oa_gem_pread_ioctl(struct drm_device *dev, void *data,
			     struct drm_file *file);
int intel_oa_gem_pwrite_ioctl(struct drm_device *dev, void *data,
			      struct drm_file *file);
int intel_oa_gem_set_domain_ioctl(struct drm_device *dev, void *data,
				  struct drm_file *file);
int intel_oa_gem_wait_ioctl(struct drm_device *dev, void *data,
			    struct drm_file *file);
int intel_oa_gem_busy_ioctl(struct drm_device *dev, void *data,
			    struct drm_file *file);
int intel_oa_gem_set_caching_ioctl(struct drm_device *dev, void *data,
				   struct drm_file *file);
int intel_oa_gem_get_caching_ioctl(struct drm_device *dev, void *data,
				   struct drm_file *file);
int intel_oa_gem_get_aperture_ioctl(struct drm_device *dev, void *data,
				    struct drm_file *file);
int intel_oa_gem_set_tiling_ioctl(struct drm_device *dev, void *data,
				  struct drm_file *file);
int intel_oa_gem_get_tiling_ioctl(struct drm_device *dev, void *data,
				  struct drm_file *file);
int intel_oa_gem_open(struct drm_device *dev, struct drm_file *file);
void intel_oa_gem_postclose(struct drm_device *dev, struct drm_file *file);

/* intel_oa_whitelist.c */
bool intel_oa_whitelist_has(const struct intel_oa_whitelist *wl, u32 addr);

/* intel_oa_execbuf.c */
int intel_oa_execbuffer2_ioctl(struct drm_device *dev, void *data,
			       struct drm_file *file);

/* intel_oa_ring_submit.c */
int intel_oa_ring_init(struct intel_oa_device *oa);
struct dma_fence *intel_oa_ring_submit(struct intel_oa_device *oa, u64 batch,
				       struct intel_oa_hw_context *ctx);

/* intel_oa_hw_context.c */
extern const struct dma_fence_ops intel_oa_rcs_fence_ops;
u64 intel_oa_hw_context_bytes(struct intel_oa_device *oa);
int intel_oa_hw_context_create(struct intel_oa_device *oa,
			       struct intel_oa_ppgtt *ppgtt,
			       struct intel_oa_hw_context **out);
struct intel_oa_hw_context *intel_oa_hw_context_get(struct intel_oa_hw_context *ctx);
void intel_oa_hw_context_put(struct intel_oa_hw_context *ctx);
u32 intel_oa_hw_context_id(const struct intel_oa_hw_context *ctx);
u32 intel_oa_lrc_ctx_id_mask(const struct intel_oa_device *oa);
int intel_oa_lrc_load_regs(struct intel_oa_device *oa,
			   struct intel_oa_hw_context *ctx,
			   const u32 *regs, unsigned int n, bool intr);
u64 intel_oa_lrc_descriptor(const struct intel_oa_hw_context *ctx);
void intel_oa_lrc_set_tail(struct intel_oa_hw_context *ctx, u32 tail);
void intel_oa_lrc_saved(struct intel_oa_hw_context *ctx);

/* intel_oa_execlists.c */
int intel_oa_el_init(struct intel_oa_device *oa);

/* intel_oa_ppgtt.c */
struct intel_oa_ppgtt *intel_oa_ppgtt_create(struct intel_oa_device *oa,
					     unsigned int bits,
					     const struct intel_oa_ppgtt_owner *ops,
					     void *owner);
struct intel_oa_ppgtt *intel_oa_ppgtt_get(struct intel_oa_ppgtt *ppgtt);
void intel_oa_ppgtt_put(struct intel_oa_ppgtt *ppgtt);
dma_addr_t intel_oa_ppgtt_pdp(const struct intel_oa_ppgtt *ppgtt,
			      unsigned int n);
int intel_oa_ppgtt_bind(struct intel_oa_ppgtt *ppgtt, struct drm_mm_node *node,
			const dma_addr_t *pages, unsigned long n, u64 align,
			u64 fixed, u64 end, bool cached);
void intel_oa_ppgtt_unbind(struct intel_oa_ppgtt *ppgtt,
			   struct drm_mm_node *node);

/* intel_oa_ggtt.c */
int intel_oa_ggtt_init(struct intel_oa_device *oa);
void intel_oa_ggtt_insert(struct intel_oa_device *oa, u32 ggtt_offset,
			  const dma_addr_t *dma, unsigned int n_pages);
void intel_oa_ggtt_save(struct intel_oa_device *oa, u32 ggtt_offset,
			u64 *saved, unsigned int n_pages);
void intel_oa_ggtt_restore(struct intel_oa_device *oa, u32 ggtt_offset,
			   const u64 *saved, unsigned int n_pages);
int intel_oa_ggtt_find_free(struct intel_oa_device *oa, u32 size, u64 top,
			    u32 *offset);
int intel_oa_ggtt_mm_init(struct intel_oa_device *oa);
int intel_oa_ggtt_alloc(struct intel_oa_device *oa, struct drm_mm_node *node,
			u64 size, u64 align, u64 fixed);
int intel_oa_ggtt_map_dma(struct intel_oa_device *oa, struct drm_mm_node *node,
			  dma_addr_t dma, unsigned int n);
void intel_oa_ggtt_release(struct intel_oa_device *oa,
			   struct drm_mm_node *node);
void intel_oa_ggtt_clear(struct intel_oa_device *oa, u32 ggtt_offset,
			 unsigned int n_pages);
u64 intel_oa_ggtt_reserved_bytes(const struct intel_oa_device *oa);

/* intel_oa_irq.c */
int intel_oa_irq_init(struct intel_oa_device *oa,
		      void (*oa_event)(struct intel_oa_device *oa));
void intel_oa_irq_oa_unmask(struct intel_oa_unit *unit);
void intel_oa_irq_oa_mask(struct intel_oa_unit *unit);
void intel_oa_irq_sync(struct intel_oa_device *oa);

/* intel_oa_engine.c */
u8 intel_oa_engine_class(unsigned int id);
u8 intel_oa_engine_phys_instance(unsigned int id);
void intel_oa_busy_init(struct intel_oa_busy *b);
void intel_oa_busy_set(struct intel_oa_busy *b, bool active);
u64 intel_oa_busy_ns(struct intel_oa_busy *b);
int intel_oa_pmu_register(struct intel_oa_device *oa);
void intel_oa_pmu_unregister(struct intel_oa_device *oa);
int intel_oa_engine_lookup_user(struct intel_oa_device *oa, u8 class,
				u8 instance);
void intel_oa_engine_uapi(struct intel_oa_device *oa, unsigned int id,
			  u8 *class, u8 *instance);

/* intel_oa_params.c */
int intel_oa_getparam_ioctl(struct drm_device *dev, void *data,
			    struct drm_file *file);
int intel_oa_query_ioctl(struct drm_device *dev, void *data,
			 struct drm_file *file);
int intel_oa_throttle_ioctl(struct drm_device *dev, void *data,
			    struct drm_file *file);
int intel_oa_reg_read_ioctl(struct drm_device *dev, void *data,
			    struct drm_file *file);

/* intel_oa_perf.c */
int intel_oa_perf_open_ioctl(struct drm_device *dev, void *data,
			     struct drm_file *file);

/* intel_oa_stream.c */
int intel_oa_stream_init(struct intel_oa_stream *stream,
			 struct intel_oa_config *config,
			 const struct intel_oa_open_params *params);
int intel_oa_stream_install_fd(struct intel_oa_stream *stream, u32 flags);
bool intel_oa_stream_irq_drains(struct intel_oa_unit *unit);
void intel_oa_stream_enable_locked(struct intel_oa_stream *stream);
void intel_oa_stream_hw_fini_locked(struct intel_oa_stream *stream);
void intel_oa_stream_destroy_locked(struct intel_oa_stream *stream);

/* intel_oa_buffer.c */
u64 intel_oa_exponent_to_ns(struct intel_oa_device *oa, u32 exponent);
bool intel_oa_buffer_size_valid(struct intel_oa_device *oa, u64 size);
u32 intel_oa_buffer_default_size(struct intel_oa_device *oa, u32 report_size,
				 bool periodic, u32 exponent, u64 timer_ns);
u64 intel_oa_buffer_half_fill_ns(struct intel_oa_device *oa, u32 size,
				 u32 report_size, u32 exponent);
int intel_oa_buffer_alloc(struct intel_oa_stream *stream);
void intel_oa_buffer_free(struct intel_oa_stream *stream);
void intel_oa_buffer_reset(struct intel_oa_stream *stream);
void intel_oa_buffer_sync_for_cpu(struct intel_oa_stream *stream, u32 offset,
				  u32 len);
void intel_oa_buffer_sync_for_device(struct intel_oa_stream *stream,
				     u32 offset, u32 len);

/* intel_oa_drain.c */
u64 intel_oa_drain(struct intel_oa_stream *stream,
		   enum intel_oa_drain_source source);
void intel_oa_drain_irq_event(struct intel_oa_device *oa);
bool intel_oa_drain_due(struct intel_oa_stream *stream);
bool intel_oa_drain_check(struct intel_oa_stream *stream);
void intel_oa_stream_wake(struct intel_oa_stream *stream);

/* intel_oa_ring.c */
int intel_oa_ring_alloc(struct intel_oa_ring *ring, u64 size, u32 record_size,
			struct mutex *producer_lock, bool lost_records);
void intel_oa_ring_free(struct intel_oa_ring *ring);
void intel_oa_ring_reset(struct intel_oa_ring *ring);
void *intel_oa_ring_reserve(struct intel_oa_ring *ring, u32 size);
void intel_oa_ring_commit(struct intel_oa_ring *ring, u32 size, bool sample);
void intel_oa_ring_lose(struct intel_oa_ring *ring, u32 kind, u64 count);
void intel_oa_ring_publish(struct intel_oa_ring *ring);
u64 intel_oa_ring_unread(const struct intel_oa_ring *ring);
int intel_oa_ring_read(struct intel_oa_ring *ring, char __user *ubuf,
		       size_t count, size_t *offset);
int intel_oa_ring_mmap(struct intel_oa_stream *stream,
		       struct vm_area_struct *vma);

/* intel_oa_guc.c */
int intel_oa_guc_init(struct intel_oa_device *oa);
/* intel_oa_guc_ct.c */
int intel_oa_guc_ct_enable(struct intel_oa_device *oa);
void intel_oa_guc_ct_receive(struct intel_oa_device *oa,
			     void (*dispatch)(struct intel_oa_device *oa,
					      u16 fence, const u32 msg[4]));
void intel_oa_guc_ct_show(struct intel_oa_device *oa, struct seq_file *m);
/* intel_oa_guc_fw.c */
int intel_oa_guc_fw_load(struct intel_oa_device *oa);
void intel_oa_guc_fw_reset(struct intel_oa_device *oa);
/* intel_oa_guc_mmio.c */
int intel_oa_guc_send(struct intel_oa_device *oa, u32 action,
		      const u32 dw[3], u32 *data0);
const char *intel_oa_guc_action_name(u32 action);
void intel_oa_guc_irq_thread(struct intel_oa_device *oa, u32 iir);

/* intel_oa_sample.c */
u32 intel_oa_sample_cookie(struct intel_oa_device *oa);
void intel_oa_sample_watch(struct intel_oa_stream *stream, u32 cookie);
int intel_oa_sample_wait(struct intel_oa_stream *stream, u32 offset,
			 u64 *timestamp);
int intel_oa_stream_sample_locked(struct intel_oa_stream *stream,
				  struct intel_oa_perf_sample __user *uarg);

/* intel_oa_config.c */
int intel_oa_add_config_ioctl(struct drm_device *dev, void *data,
			      struct drm_file *file);
int intel_oa_remove_config_ioctl(struct drm_device *dev, void *data,
				 struct drm_file *file);
struct intel_oa_config *intel_oa_config_lookup(struct intel_oa_device *oa,
					       u64 id);
void intel_oa_config_put(struct intel_oa_config *config);
int intel_oa_config_query_list(struct intel_oa_device *oa,
			       struct drm_i915_query_item *item);
int intel_oa_config_query_data(struct intel_oa_device *oa,
			       struct drm_i915_query_item *item, bool use_uuid);
int intel_oa_metrics_init(struct intel_oa_device *oa);
void intel_oa_metrics_fini(struct intel_oa_device *oa);

/* intel_oa_sysfs.c */
int intel_oa_sysfs_init(struct intel_oa_device *oa);
void intel_oa_sysfs_fini(struct intel_oa_device *oa);

/* intel_oa_sysctl.c */
void intel_oa_sysctl_get(void);
void intel_oa_sysctl_put(void);
bool intel_oa_stream_paranoid(void);
u32 intel_oa_max_sample_rate(void);
unsigned long intel_oa_config_max_bytes(void);
unsigned long intel_oa_config_max_bytes_per_user(void);
void intel_oa_sysctl_raise_hard_limit(u32 hz);

/* intel_oa_debugfs.c */
void intel_oa_debugfs_init(struct drm_minor *minor);

#endif /* _INTEL_OA_H_ */
