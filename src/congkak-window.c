/* congkak-window.c
 *
 * Copyright 2026 Congkak developers
 *
 * This program is free software: you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation, either version 3 of the License, or
 * (at your option) any later version.
 *
 * This program is distributed in the hope that it will be useful,
 * but WITHOUT ANY WARRANTY; without even the implied warranty of
 * MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
 * GNU General Public License for more details.
 *
 * You should have received a copy of the GNU General Public License
 * along with this program.  If not, see <https://www.gnu.org/licenses/>.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "congkak-window.h"

struct _CongkakWindow
{
  AdwApplicationWindow  parent_instance;

  /* Owned references */
  GSettings            *settings;

  /* Template widgets */
  AdwToastOverlay      *toast_overlay;
  AdwStatusPage        *start_page;
};

G_DEFINE_FINAL_TYPE (CongkakWindow, congkak_window, ADW_TYPE_APPLICATION_WINDOW)

CongkakWindow *
congkak_window_new (CongkakApplication *application)
{
  g_return_val_if_fail (CONGKAK_IS_APPLICATION (application), NULL);

  return g_object_new (CONGKAK_TYPE_WINDOW,
                       "application", application,
                       NULL);
}

static void
congkak_window_dispose (GObject *object)
{
  CongkakWindow *self = (CongkakWindow *)object;

  gtk_widget_dispose_template (GTK_WIDGET (self), CONGKAK_TYPE_WINDOW);

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (congkak_window_parent_class)->dispose (object);
}

static void
congkak_window_class_init (CongkakWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = congkak_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/congkak/Congkak/ui/congkak-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, CongkakWindow, start_page);
}

static void
congkak_window_init (CongkakWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

#if DEVELOPMENT_BUILD
  gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
#endif

  /* The window comes back at the size it was closed at. */
  self->settings = g_settings_new (APPLICATION_ID);
  g_settings_bind (self->settings, "window-width",
                   self, "default-width",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-height",
                   self, "default-height",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-maximized",
                   self, "maximized",
                   G_SETTINGS_BIND_DEFAULT);
}
