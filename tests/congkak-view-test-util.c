/* congkak-view-test-util.c — showing widgets and taking screenshots in tests
 *
 * Copyright 2026 Congkak developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "congkak-view-test-util.h"

/* Runs the main loop @times times, 10 ms apart. */
void
test_iterate (guint times)
{
  for (guint i = 0; i < times; i++)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (10000);
    }
}

/* Runs the main loop until @condition holds, 10 ms apart, for at most
 * @max_iterations rounds.  Returns whether it held. */
gboolean
test_wait_until (TestCondition condition,
                 gpointer      data,
                 guint         max_iterations)
{
  for (guint i = 0; i < max_iterations; i++)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      if (condition (data))
        return TRUE;
      g_usleep (10000);
    }
  return condition (data);
}

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
  g_autoptr (GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree char *directory = g_build_filename (g_getenv ("G_TEST_BUILDDIR") ? g_getenv ("G_TEST_BUILDDIR") : ".",
                                                 "screenshots", NULL);
  g_autofree char *path = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
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
