// A C view of the part of Box2D 2.4 that flipbook's Dynamics module uses: one world with
// indexed bodies, shapes, boundary edges, joints and contact events. Units are Box2D's
// (metres, kilograms, seconds, radians); Dynamics converts from points. Only Dynamics imports it.
#ifndef CBOX2D_H
#define CBOX2D_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cb2_world cb2_world;

/// A body's kinematic state.
typedef struct {
    float x, y, angle, vx, vy, angularVelocity;
    int32_t awake;
} cb2_body_state;

/// Surface properties of a shape.
typedef struct {
    float density, friction, restitution;
    /// Collision filter: the shape's category bits and the categories it collides with.
    uint16_t category, mask;
} cb2_material;

/// A contact that began (began = 1) or ended (0) during the last step. `a` and `b` are body
/// indices, or -1 - boundary tag for a boundary edge.
typedef struct {
    int32_t began, a, b;
    float x, y;
} cb2_contact_event;

typedef enum { CB2_JOINT_DISTANCE, CB2_JOINT_WELD, CB2_JOINT_REVOLUTE, CB2_JOINT_PRISMATIC, CB2_JOINT_MOUSE } cb2_joint_kind;

/// One joint. Bodies are indices, b = -1 for the world's anchor body. Anchors are world points.
typedef struct {
    cb2_joint_kind kind;
    int32_t a, b;
    float ax, ay, bx, by;
    /// Distance: length, minimum and maximum length. Prismatic: axis (bx, by is the anchor).
    float length, minLength, maxLength, axisX, axisY;
    /// Spring (distance, mouse, weld): frequency in Hz (0 = rigid) and damping ratio.
    float frequency, dampingRatio;
    /// Revolute and prismatic: friction as a motor held at rest, N·m (or N) at most.
    float frictionTorque;
    /// Mouse: the most force, N.
    float maxForce;
    /// Mouse: 1 holds body b at the world point (bx, by) (a finger's grab); 0 at its centre.
    int32_t holdsPoint;
} cb2_joint_def;

cb2_world *cb2_world_create(void);
void cb2_world_destroy(cb2_world *world);

/// Adds a body at (x, y, angle); dynamic = 0 makes it static. Returns its index (from 0).
int32_t cb2_body_create(cb2_world *world, float x, float y, float angle, int32_t dynamic, int32_t fixedRotation,
                        float linearDamping, float angularDamping);
/// Adds a convex polygon (3 to 8 vertices, body coordinates, counter-clockwise) with a skin radius.
int32_t cb2_body_add_polygon(cb2_world *world, int32_t body, const float *xy, int32_t count, cb2_material material);
/// Adds a circle of `radius` centred at (x, y) in body coordinates.
void cb2_body_add_circle(cb2_world *world, int32_t body, float x, float y, float radius, cb2_material material);
/// Adds a boundary: a chain of `count` points (a segment when 2) on the world's static body.
int32_t cb2_boundary_add(cb2_world *world, const float *xy, int32_t count, int32_t loop, int32_t tag, uint16_t category, uint16_t mask);

/// Sets the collision filter of every shape of an item, or of every edge of boundary `tag`.
void cb2_body_set_filter(cb2_world *world, int32_t body, uint16_t category, uint16_t mask);
void cb2_boundary_set_filter(cb2_world *world, int32_t tag, uint16_t category, uint16_t mask);

/// New material and motion properties for every shape of an item (an item behaviour added or
/// removed): its mass is recomputed, its contacts remix friction and restitution.
void cb2_body_set_material(cb2_world *world, int32_t body, float density, float friction, float restitution,
                           float linearDamping, float angularDamping, int32_t fixedRotation, int32_t dynamic);

void cb2_body_get_states(const cb2_world *world, cb2_body_state *states, int32_t count);
float cb2_body_mass(const cb2_world *world, int32_t body);
float cb2_body_inertia(const cb2_world *world, int32_t body);
void cb2_body_set_velocity(cb2_world *world, int32_t body, float vx, float vy, float angularVelocity);
/// Multiplies an awake body's velocities by `factor` without resetting its time towards sleep
/// (Box2D's velocity setters wake the body, which restarts that clock).
void cb2_body_scale_velocity(cb2_world *world, int32_t body, float factor);
void cb2_body_set_dynamic(cb2_world *world, int32_t body, int32_t dynamic);
/// Applies forces (N) at the centres and torques (N·m) for one step; bodies asleep are left asleep.
void cb2_apply_forces(cb2_world *world, const float *fxy, const float *torque, int32_t count);
void cb2_body_apply_force_at(cb2_world *world, int32_t body, float fx, float fy, float px, float py, int32_t wake);
void cb2_body_apply_impulse_at(cb2_world *world, int32_t body, float ix, float iy, float px, float py);
void cb2_body_wake(cb2_world *world, int32_t body);

int32_t cb2_joint_create(cb2_world *world, cb2_joint_def def);
void cb2_joint_destroy(cb2_world *world, int32_t joint);
/// Moves a mouse joint's target to the world point (x, y), waking its body when it changes.
void cb2_mouse_joint_set_target(cb2_world *world, int32_t joint, float x, float y);

/// Whether contact events are kept (off by default: a pile makes thousands).
void cb2_world_report_contacts(cb2_world *world, int32_t on);
/// One step of `dt` seconds. Contact events of the step are kept until the next step.
void cb2_world_step(cb2_world *world, float dt, int32_t velocityIterations, int32_t positionIterations);
/// Dynamic bodies awake now.
int32_t cb2_world_awake_count(const cb2_world *world);
int32_t cb2_contact_event_count(const cb2_world *world);
const cb2_contact_event *cb2_contact_events(const cb2_world *world);

/// Box2D's constants, metres: the skin of polygons and edges, the slop contacts rest at, the
/// farthest a body moves in one step.
float cb2_polygon_radius(void);
float cb2_linear_slop(void);
float cb2_max_translation(void);
int32_t cb2_max_polygon_vertices(void);

#ifdef __cplusplus
}
#endif
#endif
