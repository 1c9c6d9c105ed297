// Box2D 2.4 behind the C functions of cbox2d.h. Fixture user data: body index + 1 for an
// item's shape, -(tag + 1) for a boundary edge.
#include "cbox2d.h"
#include <box2d/box2d.h>
#include <vector>

namespace {

int32_t fixtureID(b2Fixture *fixture) { return (int32_t)(intptr_t)fixture->GetUserData().pointer; }

/// Records began/ended contacts; a boundary gives the item its own friction (UIKit's
/// boundaries have no surface of their own), item pairs keep Box2D's mix.
class Listener : public b2ContactListener {
public:
    std::vector<cb2_contact_event> events;

    /// Whether to keep began/ended events (only when some contact runs an action).
    bool reports = false;

    // Set once when the contact starts: Box2D keeps a contact's friction until it is reset.
    void BeginContact(b2Contact *contact) override {
        mix(contact);
        if (reports) record(contact, 1);
    }

    static void mix(b2Contact *contact) {
        int32_t a = fixtureID(contact->GetFixtureA()), b = fixtureID(contact->GetFixtureB());
        if (a < 0 && b > 0) contact->SetFriction(contact->GetFixtureB()->GetFriction());
        if (b < 0 && a > 0) contact->SetFriction(contact->GetFixtureA()->GetFriction());
    }
    void EndContact(b2Contact *contact) override {
        if (reports) record(contact, 0);
    }

private:
    void record(b2Contact *contact, int32_t began) {
        int32_t a = fixtureID(contact->GetFixtureA()), b = fixtureID(contact->GetFixtureB());
        cb2_contact_event event;
        event.began = began;
        event.a = a > 0 ? a - 1 : a;
        event.b = b > 0 ? b - 1 : b;
        b2WorldManifold manifold;
        contact->GetWorldManifold(&manifold);
        int32_t points = contact->GetManifold()->pointCount;
        if (points == 2) {
            event.x = 0.5f * (manifold.points[0].x + manifold.points[1].x);
            event.y = 0.5f * (manifold.points[0].y + manifold.points[1].y);
        } else if (points == 1) {
            event.x = manifold.points[0].x;
            event.y = manifold.points[0].y;
        } else {
            b2Vec2 pa = contact->GetFixtureA()->GetBody()->GetPosition(), pb = contact->GetFixtureB()->GetBody()->GetPosition();
            event.x = a > 0 ? pa.x : pb.x;
            event.y = a > 0 ? pa.y : pb.y;
        }
        events.push_back(event);
    }
};

/// Who collides with whom, from the filter bits the shapes carry. An item's category holds
/// the collision behaviours whose items it meets (collision modes items, everything), its mask
/// the ones whose boundaries it meets (boundaries, everything); a boundary's mask holds its
/// behaviour. Box2D's own test (category & mask both ways) would make two items of a
/// boundaries-only behaviour collide through their shared bit.
class Filter : public b2ContactFilter {
public:
    bool ShouldCollide(b2Fixture *a, b2Fixture *b) override {
        int32_t ia = fixtureID(a), ib = fixtureID(b);
        const b2Filter &fa = a->GetFilterData(), &fb = b->GetFilterData();
        if (ia > 0 && ib > 0) return (fa.categoryBits & fb.categoryBits) != 0;
        if (ia > 0 && ib < 0) return (fa.maskBits & fb.maskBits) != 0;
        if (ia < 0 && ib > 0) return (fa.maskBits & fb.maskBits) != 0;
        return false;
    }
};

b2FixtureDef fixtureDef(const b2Shape *shape, cb2_material m, intptr_t id) {
    b2FixtureDef def;
    def.shape = shape;
    def.density = m.density;
    def.friction = m.friction;
    def.restitution = m.restitution;
    def.filter.categoryBits = m.category;
    def.filter.maskBits = m.mask;
    def.userData.pointer = (uintptr_t)id;
    return def;
}

}  // namespace

struct cb2_world {
    b2World world{b2Vec2(0, 0)};
    b2Body *ground = nullptr;
    std::vector<b2Body *> bodies;
    std::vector<b2Joint *> joints;
    Listener listener;
    Filter filter;

    cb2_world() {
        world.SetContactListener(&listener);
        world.SetContactFilter(&filter);
        b2BodyDef def;
        ground = world.CreateBody(&def);
    }

    b2Body *body(int32_t index) { return index < 0 ? ground : bodies[index]; }
};

extern "C" {

cb2_world *cb2_world_create(void) { return new cb2_world(); }
void cb2_world_destroy(cb2_world *world) { delete world; }

int32_t cb2_body_create(cb2_world *world, float x, float y, float angle, int32_t dynamic, int32_t fixedRotation,
                        float linearDamping, float angularDamping) {
    b2BodyDef def;
    def.type = dynamic ? b2_dynamicBody : b2_staticBody;
    def.position.Set(x, y);
    def.angle = angle;
    def.fixedRotation = fixedRotation != 0;
    def.linearDamping = linearDamping;
    def.angularDamping = angularDamping;
    int32_t index = (int32_t)world->bodies.size();
    def.userData.pointer = (uintptr_t)(index + 1);
    world->bodies.push_back(world->world.CreateBody(&def));
    return index;
}

int32_t cb2_body_add_polygon(cb2_world *world, int32_t body, const float *xy, int32_t count, cb2_material material) {
    if (count < 3 || count > b2_maxPolygonVertices) return 0;
    b2Vec2 points[b2_maxPolygonVertices];
    for (int32_t i = 0; i < count; ++i) points[i].Set(xy[2 * i], xy[2 * i + 1]);
    b2PolygonShape shape;
    shape.Set(points, count);
    b2FixtureDef def = fixtureDef(&shape, material, body + 1);
    world->bodies[body]->CreateFixture(&def);
    return 1;
}

void cb2_body_add_circle(cb2_world *world, int32_t body, float x, float y, float radius, cb2_material material) {
    b2CircleShape shape;
    shape.m_p.Set(x, y);
    shape.m_radius = radius;
    b2FixtureDef def = fixtureDef(&shape, material, body + 1);
    world->bodies[body]->CreateFixture(&def);
}

// Boundaries keep Box2D's skin (b2_polygonRadius): thinner, a resting item sits inside the
// continuous-collision target and is woken every step (a pile then never sleeps).
int32_t cb2_boundary_add(cb2_world *world, const float *xy, int32_t count, int32_t loop, int32_t tag, uint16_t category, uint16_t mask) {
    cb2_material material = {0, 1, 0, 0, mask};
    (void)category;
    if (count == 2) {
        b2EdgeShape edge;
        edge.SetTwoSided(b2Vec2(xy[0], xy[1]), b2Vec2(xy[2], xy[3]));
        b2FixtureDef def = fixtureDef(&edge, material, -(tag + 1));
        world->ground->CreateFixture(&def);
        return 1;
    }
    std::vector<b2Vec2> points((size_t)count);
    for (int32_t i = 0; i < count; ++i) points[(size_t)i].Set(xy[2 * i], xy[2 * i + 1]);
    // A chain is one-sided from its ghost vertices; each link as a two-sided edge collides
    // from both sides, as a UIKit path boundary does.
    int32_t links = loop ? count : count - 1;
    for (int32_t i = 0; i < links; ++i) {
        b2EdgeShape edge;
        edge.SetTwoSided(points[(size_t)i], points[(size_t)((i + 1) % count)]);
        b2FixtureDef def = fixtureDef(&edge, material, -(tag + 1));
        world->ground->CreateFixture(&def);
    }
    return 1;
}

void cb2_body_set_filter(cb2_world *world, int32_t body, uint16_t category, uint16_t mask) {
    b2Filter filter;
    filter.categoryBits = category;
    filter.maskBits = mask;
    for (b2Fixture *f = world->bodies[(size_t)body]->GetFixtureList(); f; f = f->GetNext()) f->SetFilterData(filter);
}

void cb2_boundary_set_filter(cb2_world *world, int32_t tag, uint16_t category, uint16_t mask) {
    b2Filter filter;
    filter.categoryBits = category;
    filter.maskBits = mask;
    for (b2Fixture *f = world->ground->GetFixtureList(); f; f = f->GetNext()) {
        if (fixtureID(f) == -(tag + 1)) f->SetFilterData(filter);
    }
}

void cb2_body_set_material(cb2_world *world, int32_t body, float density, float friction, float restitution,
                           float linearDamping, float angularDamping, int32_t fixedRotation, int32_t dynamic) {
    b2Body *b = world->bodies[(size_t)body];
    for (b2Fixture *f = b->GetFixtureList(); f; f = f->GetNext()) {
        f->SetDensity(density);
        f->SetFriction(friction);
        f->SetRestitution(restitution);
    }
    b->SetType(dynamic ? b2_dynamicBody : b2_staticBody);
    b->SetFixedRotation(fixedRotation != 0);
    b->ResetMassData();
    b->SetLinearDamping(linearDamping);
    b->SetAngularDamping(angularDamping);
    for (b2ContactEdge *edge = b->GetContactList(); edge; edge = edge->next) {
        edge->contact->ResetFriction();
        edge->contact->ResetRestitution();
        Listener::mix(edge->contact);
    }
}

void cb2_body_get_states(const cb2_world *world, cb2_body_state *states, int32_t count) {
    for (int32_t i = 0; i < count && i < (int32_t)world->bodies.size(); ++i) {
        const b2Body *body = world->bodies[(size_t)i];
        b2Vec2 p = body->GetPosition(), v = body->GetLinearVelocity();
        states[i] = {p.x, p.y, body->GetAngle(), v.x, v.y, body->GetAngularVelocity(), body->IsAwake() ? 1 : 0};
    }
}

float cb2_body_mass(const cb2_world *world, int32_t body) { return world->bodies[(size_t)body]->GetMass(); }
float cb2_body_inertia(const cb2_world *world, int32_t body) { return world->bodies[(size_t)body]->GetInertia(); }

void cb2_body_set_velocity(cb2_world *world, int32_t body, float vx, float vy, float angularVelocity) {
    b2Body *b = world->bodies[(size_t)body];
    b->SetLinearVelocity(b2Vec2(vx, vy));
    b->SetAngularVelocity(angularVelocity);
    b->SetAwake(true);
}

void cb2_body_scale_velocity(cb2_world *world, int32_t body, float factor) {
    b2Body *b = world->bodies[(size_t)body];
    if (!b->IsAwake()) return;
    // Impulses with wake = false change the velocity and leave the sleep clock alone.
    b->ApplyLinearImpulseToCenter(b->GetMass() * (factor - 1) * b->GetLinearVelocity(), false);
    b->ApplyAngularImpulse(b->GetInertia() * (factor - 1) * b->GetAngularVelocity(), false);
}

void cb2_body_set_dynamic(cb2_world *world, int32_t body, int32_t dynamic) {
    world->bodies[(size_t)body]->SetType(dynamic ? b2_dynamicBody : b2_staticBody);
}

void cb2_apply_forces(cb2_world *world, const float *fxy, const float *torque, int32_t count) {
    for (int32_t i = 0; i < count; ++i) {
        b2Body *body = world->bodies[(size_t)i];
        if (fxy[2 * i] != 0 || fxy[2 * i + 1] != 0) body->ApplyForceToCenter(b2Vec2(fxy[2 * i], fxy[2 * i + 1]), false);
        if (torque[i] != 0) body->ApplyTorque(torque[i], false);
    }
}

void cb2_body_apply_force_at(cb2_world *world, int32_t body, float fx, float fy, float px, float py, int32_t wake) {
    world->bodies[(size_t)body]->ApplyForce(b2Vec2(fx, fy), b2Vec2(px, py), wake != 0);
}

void cb2_body_apply_impulse_at(cb2_world *world, int32_t body, float ix, float iy, float px, float py) {
    world->bodies[(size_t)body]->ApplyLinearImpulse(b2Vec2(ix, iy), b2Vec2(px, py), true);
}

void cb2_body_wake(cb2_world *world, int32_t body) { world->bodies[(size_t)body]->SetAwake(true); }

int32_t cb2_joint_create(cb2_world *world, cb2_joint_def d) {
    b2Body *a = world->body(d.a), *b = world->body(d.b);
    b2Joint *joint = nullptr;
    switch (d.kind) {
    case CB2_JOINT_DISTANCE: {
        b2DistanceJointDef def;
        def.Initialize(a, b, b2Vec2(d.ax, d.ay), b2Vec2(d.bx, d.by));
        def.length = d.length;
        def.minLength = d.minLength;
        def.maxLength = d.maxLength;
        if (d.frequency > 0) b2LinearStiffness(def.stiffness, def.damping, d.frequency, d.dampingRatio, a, b);
        joint = world->world.CreateJoint(&def);
        break;
    }
    case CB2_JOINT_WELD: {
        b2WeldJointDef def;
        def.Initialize(a, b, b2Vec2(d.ax, d.ay));
        if (d.frequency > 0) b2AngularStiffness(def.stiffness, def.damping, d.frequency, d.dampingRatio, a, b);
        joint = world->world.CreateJoint(&def);
        break;
    }
    case CB2_JOINT_REVOLUTE: {
        b2RevoluteJointDef def;
        def.Initialize(a, b, b2Vec2(d.ax, d.ay));
        def.enableMotor = d.frictionTorque > 0;
        def.maxMotorTorque = d.frictionTorque;
        joint = world->world.CreateJoint(&def);
        break;
    }
    case CB2_JOINT_PRISMATIC: {
        b2PrismaticJointDef def;
        def.Initialize(a, b, b2Vec2(d.ax, d.ay), b2Vec2(d.axisX, d.axisY));
        def.enableMotor = d.frictionTorque > 0;
        def.maxMotorForce = d.frictionTorque;
        def.enableLimit = d.maxLength > d.minLength;
        def.lowerTranslation = d.minLength;
        def.upperTranslation = d.maxLength;
        joint = world->world.CreateJoint(&def);
        break;
    }
    case CB2_JOINT_MOUSE: {
        b2MouseJointDef def;
        def.bodyA = world->ground;
        def.bodyB = b;
        // Held at its centre (or at the point given), then pulled towards the target.
        def.target = d.holdsPoint ? b2Vec2(d.bx, d.by) : b->GetWorldCenter();
        def.maxForce = d.maxForce;
        b2LinearStiffness(def.stiffness, def.damping, d.frequency, d.dampingRatio, def.bodyA, def.bodyB);
        b2MouseJoint *mouse = (b2MouseJoint *)world->world.CreateJoint(&def);
        mouse->SetTarget(b2Vec2(d.ax, d.ay));
        joint = mouse;
        break;
    }
    }
    world->joints.push_back(joint);
    return (int32_t)world->joints.size() - 1;
}

void cb2_joint_destroy(cb2_world *world, int32_t joint) {
    b2Joint *j = world->joints[(size_t)joint];
    if (j == nullptr) return;
    j->GetBodyA()->SetAwake(true);
    j->GetBodyB()->SetAwake(true);
    world->world.DestroyJoint(j);
    world->joints[(size_t)joint] = nullptr;
}

void cb2_mouse_joint_set_target(cb2_world *world, int32_t joint, float x, float y) {
    b2Joint *j = world->joints[(size_t)joint];
    if (j == nullptr || j->GetType() != e_mouseJoint) return;
    ((b2MouseJoint *)j)->SetTarget(b2Vec2(x, y));
}

void cb2_world_report_contacts(cb2_world *world, int32_t on) { world->listener.reports = on != 0; }

void cb2_world_step(cb2_world *world, float dt, int32_t velocityIterations, int32_t positionIterations) {
    world->listener.events.clear();
    world->world.Step(dt, velocityIterations, positionIterations);
}

int32_t cb2_world_awake_count(const cb2_world *world) {
    int32_t awake = 0;
    for (const b2Body *b : world->bodies) awake += b->IsAwake() && b->GetType() == b2_dynamicBody ? 1 : 0;
    return awake;
}

int32_t cb2_contact_event_count(const cb2_world *world) { return (int32_t)world->listener.events.size(); }
const cb2_contact_event *cb2_contact_events(const cb2_world *world) { return world->listener.events.data(); }

float cb2_polygon_radius(void) { return b2_polygonRadius; }
float cb2_linear_slop(void) { return b2_linearSlop; }
float cb2_max_translation(void) { return b2_maxTranslation; }
int32_t cb2_max_polygon_vertices(void) { return b2_maxPolygonVertices; }

}  // extern "C"
