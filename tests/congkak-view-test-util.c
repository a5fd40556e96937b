/* congkak-view-test-util.c — showing widgets and taking screenshots in tests
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "congkak-view-test-util.h"

#include <dlfcn.h>

#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#include <X11/keysym.h>
#endif

/* Until @widget is mapped and laid out, and past the stack's crossfade. */
void
test_wait_for_drawing (GtkWidget *widget)
{
  for (guint i = 0; i < 50; i++)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      if (gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 0)
        break;
      g_usleep (10000);
    }
  test_iterate (30);
}

/* Writes @widget as drawn to tests/screenshots/@name in the build folder. */
void
test_save_screenshot (GtkWidget  *widget,
                      const char *name)
{
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree char *directory = g_build_filename (g_getenv ("G_TEST_BUILDDIR") ? g_getenv ("G_TEST_BUILDDIR") : ".",
                                                 "screenshots", NULL);
  g_autofree char *path = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  int width = 0;
  int height = 0;

  /* On a busy machine a window just resized may not have been laid out
   * and drawn yet: wait for it (up to 10 s) rather than draw nothing. */
  for (guint i = 0; i < 1000 && node == NULL; i++)
    {
      width = gtk_widget_get_width (widget);
      height = gtk_widget_get_height (widget);
      if (gtk_widget_get_mapped (widget) && width > 0 && height > 0)
        {
          g_autoptr (GtkSnapshot) snapshot = gtk_snapshot_new ();

          gdk_paintable_snapshot (paintable, snapshot, width, height);
          node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
        }
      if (node == NULL)
        {
          while (g_main_context_iteration (NULL, FALSE))
            ;
          g_usleep (10000);
        }
    }
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));

  g_mkdir_with_parents (directory, 0755);
  path = g_build_filename (directory, name, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
}

/* What a pointer click or the button's accessible action does; GtkButton's
 * own "activate" would emit "clicked" only after a short delay. */
void
test_click (GtkWidget *button)
{
  g_signal_emit_by_name (button, "clicked");
}

/* The first widget under @root (depth first, @root included) of @type and,
 * when given, with @css_class. */
GtkWidget *
test_find_widget (GtkWidget  *root,
                  GType       type,
                  const char *css_class)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type)
      && (css_class == NULL || gtk_widget_has_css_class (root, css_class)))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = test_find_widget (child, type, css_class);

      if (found)
        return found;
    }
  return NULL;
}

/* Offers a key press to @widget's key controllers, as GTK does when it or
 * a widget in it has the focus.  Returns whether one handled it. */
gboolean
test_press_key (GtkWidget *widget,
                guint      keyval)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);
      gboolean handled = FALSE;

      if (!GTK_IS_EVENT_CONTROLLER_KEY (controller))
        continue;
      g_signal_emit_by_name (controller, "key-pressed", keyval, 0, 0, &handled);
      if (handled)
        return TRUE;
    }
  return FALSE;
}

#ifdef GDK_WINDOWING_X11
/* XTest, as dogtail and screen readers use it to press real buttons.  The
 * build root has libXtst but not its header, so it is opened here. */
typedef int (*FakeMotion) (Display *, int, int, int, unsigned long);
typedef int (*FakeButton) (Display *, unsigned int, Bool, unsigned long);
typedef int (*FakeKey) (Display *, unsigned int, Bool, unsigned long);

typedef struct
{
  FakeMotion motion;
  FakeButton button;
  FakeKey    key;
} XTest;

static gboolean
load_xtest (XTest *xtest)
{
  void *library = dlopen ("libXtst.so.6", RTLD_NOW | RTLD_LOCAL);

  if (library == NULL)
    return FALSE;
  xtest->motion = (FakeMotion) dlsym (library, "XTestFakeMotionEvent");
  xtest->button = (FakeButton) dlsym (library, "XTestFakeButtonEvent");
  xtest->key = (FakeKey) dlsym (library, "XTestFakeKeyEvent");
  return xtest->motion && xtest->button && xtest->key;
}
#endif

/* Whether test_pointer_click() can press real buttons on this display. */
gboolean
test_can_use_pointer (void)
{
#ifdef GDK_WINDOWING_X11
  XTest xtest;

  return GDK_IS_X11_DISPLAY (gdk_display_get_default ()) && load_xtest (&xtest);
#else
  return FALSE;
#endif
}

/* A real click with pointer @button at the centre of @widget, through the
 * X server, so every gesture and controller sees it as from a mouse; with
 * Shift held when @shift.  The widget's window must be on screen. */
void
test_pointer_click (GtkWidget *widget,
                    guint      button,
                    gboolean   shift)
{
#ifdef GDK_WINDOWING_X11
  GtkNative *native = gtk_widget_get_native (widget);
  GdkSurface *surface = gtk_native_get_surface (native);
  Display *display;
  Window xid;
  unsigned int shift_code;
  graphene_point_t point;
  double offset_x, offset_y;
  int root_x, root_y;
  Window child;
  XTest xtest;

  /* GTK 4.18 deprecates its X11 API along with the backend; the tests'
   * virtual display is X11 all the same. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  display = gdk_x11_display_get_xdisplay (gdk_surface_get_display (surface));
  xid = gdk_x11_surface_get_xid (surface);
  G_GNUC_END_IGNORE_DEPRECATIONS
  shift_code = XKeysymToKeycode (display, XK_Shift_L);

  g_assert_true (test_can_use_pointer ());
  g_assert_true (load_xtest (&xtest));
  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native),
                                           &GRAPHENE_POINT_INIT (gtk_widget_get_width (widget) / 2.0,
                                                                 gtk_widget_get_height (widget) / 2.0),
                                           &point));
  gtk_native_get_surface_transform (native, &offset_x, &offset_y);
  XTranslateCoordinates (display, xid, DefaultRootWindow (display),
                         (int) (point.x + offset_x), (int) (point.y + offset_y), &root_x, &root_y, &child);

  XRaiseWindow (display, xid);
  xtest.motion (display, -1, root_x, root_y, CurrentTime);
  XSync (display, False);
  test_iterate (5);
  {
    Window root, under;
    int x, y;
    unsigned int mask;

    /* Without a window manager, toplevels are children of the root. */
    XQueryPointer (display, DefaultRootWindow (display), &root, &under, &root_x, &root_y, &x, &y, &mask);
    if (under != xid)
      g_error ("test_pointer_click: another window lies over the widget; "
               "is a test sharing the display (is_parallel: false in tests/meson.build)?");
  }
  if (shift)
    xtest.key (display, shift_code, True, CurrentTime);
  xtest.button (display, button, True, CurrentTime);
  XSync (display, False);
  test_iterate (3);
  xtest.button (display, button, False, CurrentTime);
  if (shift)
    xtest.key (display, shift_code, False, CurrentTime);
  XSync (display, False);
  test_iterate (10);
#else
  g_assert_not_reached ();
#endif
}

/* A real pointer motion through the X server to the point @x, @y of
 * @widget (the same point again sends the motion an X server sends after
 * a key press: the pointer has not moved). */
void
test_pointer_move (GtkWidget *widget,
                   double     x,
                   double     y)
{
#ifdef GDK_WINDOWING_X11
  GtkNative *native = gtk_widget_get_native (widget);
  GdkSurface *surface = gtk_native_get_surface (native);
  Display *display;
  Window xid;
  graphene_point_t point;
  double offset_x, offset_y;
  int root_x, root_y;
  Window child;
  XTest xtest;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  display = gdk_x11_display_get_xdisplay (gdk_surface_get_display (surface));
  xid = gdk_x11_surface_get_xid (surface);
  G_GNUC_END_IGNORE_DEPRECATIONS

  g_assert_true (test_can_use_pointer ());
  g_assert_true (load_xtest (&xtest));
  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native), &GRAPHENE_POINT_INIT (x, y), &point));
  gtk_native_get_surface_transform (native, &offset_x, &offset_y);
  XTranslateCoordinates (display, xid, DefaultRootWindow (display),
                         (int) (point.x + offset_x), (int) (point.y + offset_y), &root_x, &root_y, &child);
  XRaiseWindow (display, xid);
  xtest.motion (display, -1, root_x, root_y, CurrentTime);
  XSync (display, False);
  test_iterate (10);
#else
  g_assert_not_reached ();
#endif
}

/* A real key press and release through the X server, to @widget's window
 * (given the input focus first), so that GTK routes it as it routes a
 * keyboard's: capture controllers, shortcuts, bindings and focus. */
static void
send_real_key (GtkWidget *widget,
               guint      keyval,
               gboolean   wait)
{
#ifdef GDK_WINDOWING_X11
  GdkSurface *surface = gtk_native_get_surface (gtk_widget_get_native (widget));
  Display *display;
  Window xid;
  unsigned int code;
  XTest xtest;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  display = gdk_x11_display_get_xdisplay (gdk_surface_get_display (surface));
  xid = gdk_x11_surface_get_xid (surface);
  G_GNUC_END_IGNORE_DEPRECATIONS

  g_assert_true (test_can_use_pointer ());
  g_assert_true (load_xtest (&xtest));
  /* X keysyms and GDK key values are the same numbers. */
  code = XKeysymToKeycode (display, keyval);
  g_assert_cmpuint (code, !=, 0);
  XRaiseWindow (display, xid);
  XSetInputFocus (display, xid, RevertToParent, CurrentTime);
  XSync (display, False);
  if (wait)
    test_iterate (3);
  xtest.key (display, code, True, CurrentTime);
  xtest.key (display, code, False, CurrentTime);
  XSync (display, False);
  if (wait)
    test_iterate (10);
#else
  g_assert_not_reached ();
#endif
}

void
test_real_key (GtkWidget *widget,
               guint      keyval)
{
  send_real_key (widget, keyval, TRUE);
}

/* The same, without running the main loop after: while the board
 * animates, the loop is never idle, and the key must come during it. */
void
test_real_key_now (GtkWidget *widget,
                   guint      keyval)
{
  send_real_key (widget, keyval, FALSE);
}
